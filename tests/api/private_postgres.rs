//! A PostgreSQL server of a test's own, for faults no shared server may
//! suffer (stopped, frozen, restarted, killed and replaced by its standby)
//! and for server settings no shared server has.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::binary::free_port;

/// A PostgreSQL server of the test's own: `initdb` into a temporary
/// directory, started with `pg_ctl` on a free port, trust authentication.
/// As root it runs as the `postgres` user, since PostgreSQL refuses root.
pub struct PrivatePostgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
    frozen: std::cell::RefCell<Vec<u32>>,
    /// Settings given to the server with `-c` (`backslash_quote=off`).
    settings: Vec<String>,
    /// The System V shared memory segment of a server that was killed,
    /// which nothing else removes: removed when this is dropped.
    orphaned_segment: std::cell::Cell<Option<u32>>,
}

/// Where `initdb` and `pg_ctl` are: on `PATH`, or in a Debian-style
/// `/usr/lib/postgresql/<version>/bin`.
fn postgres_bin() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let mut debian: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("bin"))
                .collect()
        })
        .unwrap_or_default();
    debian.sort();
    debian.reverse();
    on_path
        .into_iter()
        .chain(debian)
        .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
        // Where the programs really are (`/usr/local/bin/initdb` may be a
        // link), with their siblings (`pg_basebackup`).
        .and_then(|dir| {
            Some(
                std::fs::canonicalize(dir.join("initdb"))
                    .ok()?
                    .parent()?
                    .into(),
            )
        })
        .unwrap_or_else(|| {
            panic!(
                "the PostgreSQL fault tests need the server programs initdb and pg_ctl (on PATH or \
                 in /usr/lib/postgresql/*/bin). {}",
                crate::helpers::POSTGRES_HELP
            )
        })
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

impl PrivatePostgres {
    /// A new cluster in a temporary directory, started.
    pub fn start() -> Self {
        Self::start_with(&[])
    }

    /// A new cluster started with `settings` (`name=value`, each given to
    /// the server as `-c`).
    pub fn start_with(settings: &[&str]) -> Self {
        let pg = Self::unstarted(settings);
        let data = pg.data();
        pg.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "--no-instructions",
                "-E",
                "UTF8",
            ],
        );
        pg.start_server();
        pg
    }

    /// A server of its own temporary directory, neither made nor started.
    fn unstarted(settings: &[&str]) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let as_postgres = is_root();
        if as_postgres {
            let status = Command::new("chown")
                .args(["postgres:", &dir.path().to_string_lossy()])
                .status()
                .expect("chown runs");
            assert!(
                status.success(),
                "running as root, the tests start PostgreSQL as the `postgres` user, which must \
                 exist (chown failed: {status})"
            );
        }
        Self {
            port: free_port(),
            bin: postgres_bin(),
            as_postgres,
            frozen: Default::default(),
            settings: settings.iter().map(|s| s.to_string()).collect(),
            orphaned_segment: Default::default(),
            dir,
        }
    }

    /// A streaming standby of `primary`, started: `pg_basebackup -R`
    /// copies the primary and writes its `primary_conninfo` (named
    /// `application_name`, for the primary's `synchronous_standby_names`).
    pub fn standby_of(primary: &Self, application_name: &str) -> Self {
        let standby = Self::unstarted(&[]);
        let conninfo = format!(
            "host=127.0.0.1 port={} user=postgres application_name={application_name}",
            primary.port
        );
        standby.run(
            "pg_basebackup",
            &[
                "-d",
                &conninfo,
                "-D",
                &standby.data(),
                "-R",
                "-X",
                "stream",
                "-c",
                "fast",
                "--no-sync",
            ],
        );
        standby.start_server();
        standby
    }

    /// Its port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Runs `sql` (statements returning nothing) on its `postgres`
    /// database.
    pub fn execute(&self, sql: &str) {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        diesel::PgConnection::establish(&self.url())
            .expect("connect to the private server")
            .batch_execute(sql)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// `SIGKILL` to the postmaster and every child at once: the server
    /// dies as with its host, nothing flushed or said to its clients.
    pub fn kill(&self) {
        let pids = self.processes();
        Self::signal("KILL", &pids);
        // Line 7 of `postmaster.pid`: the segment's key and id.
        let pidfile = std::fs::read_to_string(Path::new(&self.data()).join("postmaster.pid"))
            .unwrap_or_default();
        let id = pidfile
            .lines()
            .nth(6)
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|id| id.parse().ok());
        self.orphaned_segment.set(id);
    }

    /// `pg_ctl promote`, waiting until the standby accepts writes.
    pub fn promote(&self) {
        self.run("pg_ctl", &["-D", &self.data(), "-w", "-t", "60", "promote"]);
    }

    fn data(&self) -> String {
        self.dir.path().join("data").to_string_lossy().into_owned()
    }

    /// One of the PostgreSQL programs, run as `postgres` when root.
    fn command(&self, program: &str) -> Command {
        let program = self.bin.join(program);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        command.current_dir(self.dir.path());
        command
    }

    /// Runs one of the PostgreSQL programs; it must succeed.
    fn run(&self, program: &str, args: &[&str]) {
        let output = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program} does not run: {e}"));
        assert!(
            output.status.success(),
            "{program} {args:?}: {}\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// The server's options: the test's port on 127.0.0.1 only, its
    /// socket in the test's directory, no fsync, and its own settings.
    fn options(&self) -> String {
        let mut options = format!(
            "-p {} -h 127.0.0.1 -k {} -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        for setting in &self.settings {
            options.push_str(" -c ");
            options.push_str(setting);
        }
        options
    }

    /// `pg_ctl start`, waiting until it accepts connections.
    pub fn start_server(&self) {
        let options = self.options();
        let log = self.dir.path().join("server.log");
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log.to_string_lossy(),
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
    }

    /// `pg_ctl stop -m fast`, waiting until it is down.
    pub fn stop_server(&self) {
        self.run("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"]);
    }

    /// `pg_ctl restart -m fast`: every open connection is cut, and the
    /// server is accepting connections again when this returns.
    pub fn restart(&self) {
        let log = self.dir.path().join("server.log");
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log.to_string_lossy(),
                "-o",
                &self.options(),
                "-m",
                "fast",
                "-w",
                "-t",
                "60",
                "restart",
            ],
        );
    }

    /// Its `postgres` database, as the service connects to it.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// The postmaster and its children (every backend and helper).
    fn processes(&self) -> Vec<u32> {
        let pidfile = std::fs::read_to_string(Path::new(&self.data()).join("postmaster.pid"))
            .expect("postmaster.pid");
        let postmaster: u32 = pidfile.lines().next().unwrap().trim().parse().unwrap();
        let mut pids = vec![postmaster];
        for entry in std::fs::read_dir("/proc").unwrap().filter_map(|e| e.ok()) {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // pid (comm) state ppid …; comm may hold spaces.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            if ppid == Some(postmaster) {
                pids.push(pid);
            }
        }
        pids
    }

    fn signal(signal: &str, pids: &[u32]) {
        let pids: Vec<String> = pids.iter().map(u32::to_string).collect();
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .args(&pids)
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} {pids:?}: {status}");
    }

    /// SIGSTOP to the postmaster (first, so it starts nothing new) and to
    /// every child: the server accepts connections and answers nothing.
    pub fn freeze(&self) {
        let pids = self.processes();
        Self::signal("STOP", &pids);
        *self.frozen.borrow_mut() = pids;
    }

    pub fn thaw(&self) {
        let mut pids = std::mem::take(&mut *self.frozen.borrow_mut());
        if !pids.is_empty() {
            // Children first, the postmaster last.
            pids.reverse();
            Self::signal("CONT", &pids);
        }
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.thaw();
        // Only while nothing is attached: never another server's.
        if let Some(id) = self.orphaned_segment.get()
            && Command::new("ipcs")
                .args(["-m", "-i", &id.to_string()])
                .output()
                .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("nattch=0"))
        {
            let _ = Command::new("ipcrm").args(["-m", &id.to_string()]).output();
        }
        if Path::new(&self.data()).join("postmaster.pid").exists() {
            let _ = self
                .command("pg_ctl")
                .args(["-D", &self.data(), "-m", "immediate", "-w", "stop"])
                .output();
        }
    }
}
