//! The real `mealplan` binary as a child process, for tests of what only a
//! process shows: crashes, signals, resource limits, its log.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::Value;

use crate::helpers::SECRET;

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// How to start the binary.
#[derive(Debug, Clone)]
pub struct Options {
    /// Environment on top of the defaults below (later entries win).
    pub env: Vec<(String, String)>,
    /// Keep the log (stdout) for [`Service::log`].
    pub capture_log: bool,
    /// Start with SIGXFSZ ignored, so that a file size limit makes writes
    /// fail with `EFBIG` instead of killing the process.
    pub ignore_sigxfsz: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            env: vec![
                ("JWT_SECRET".into(), String::from_utf8_lossy(SECRET).into()),
                ("BCRYPT_COST".into(), "4".into()),
                ("AUTH_RATE_LIMIT_PER_MINUTE".into(), "0".into()),
                ("LOGIN_FAILURE_LIMIT".into(), "0".into()),
                ("LOG_FORMAT".into(), "json".into()),
                ("RUST_LOG".into(), "warn".into()),
            ],
            capture_log: false,
            ignore_sigxfsz: false,
        }
    }
}

impl Options {
    /// These options with `name=value` set.
    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        self.env.push((name.to_owned(), value.to_string()));
        self
    }
}

/// A running service process.
pub struct Service {
    pub child: Child,
    pub address: String,
    pub client: awc::Client,
    log: Arc<Mutex<Vec<String>>>,
}

/// A response, with the body parsed as JSON when it is JSON, and how long
/// it took.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub json: Value,
    pub elapsed: Duration,
    /// The `Retry-After` header, if any.
    pub retry_after: Option<String>,
}

/// Starts the binary serving `database_url` on `port` and waits until
/// `/health` answers.
pub async fn start(database_url: &str, port: u16, options: Options) -> Service {
    let binary = env!("CARGO_BIN_EXE_mealplan");
    let mut command = if options.ignore_sigxfsz {
        // An ignored signal stays ignored across exec.
        let mut c = Command::new("sh");
        c.args(["-c", "trap '' XFSZ; exec \"$0\" serve", binary]);
        c
    } else {
        let mut c = Command::new(binary);
        c.arg("serve");
        c
    };
    command
        .env("DATABASE_URL", database_url)
        .env("BIND", format!("127.0.0.1:{port}"))
        .envs(options.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .stdout(if options.capture_log {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = command.spawn().expect("the binary starts");
    let log = Arc::new(Mutex::new(Vec::new()));
    if let Some(stdout) = child.stdout.take() {
        let log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                log.lock().unwrap().push(line);
            }
        });
    }
    let mut service = Service::adopt(child, port);
    service.log = log;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(r) = service
            .client
            .get(format!("{}/health", service.address))
            .send()
            .await
            && r.status() == 200
        {
            return service;
        }
        assert!(Instant::now() < deadline, "service did not come up");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Service {
    /// A process the test started that serves HTTP on 127.0.0.1:`port`
    /// (such as a proxy in front of the service): requests go there, and
    /// it is killed when this is dropped.
    pub fn adopt(child: Child, port: u16) -> Self {
        Self {
            child,
            address: format!("http://127.0.0.1:{port}"),
            client: awc::Client::builder()
                .timeout(Duration::from_secs(30))
                .disable_redirects()
                .finish(),
            log: Default::default(),
        }
    }

    /// Sends a request (a JSON body if `body` is not null); `None` when
    /// the connection failed.
    pub async fn try_call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Option<Answer> {
        let started = Instant::now();
        let mut req = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(t) = token {
            req = req.insert_header(("Authorization", format!("Bearer {t}")));
        }
        let sent = if body.is_null() {
            req.send().await
        } else {
            req.send_json(body).await
        };
        let mut res = sent.ok()?;
        let bytes = res.body().await.ok()?;
        let retry_after = res
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        Some(Answer {
            status: res.status().as_u16(),
            json: serde_json::from_slice(&bytes).unwrap_or_default(),
            elapsed: started.elapsed(),
            retry_after,
        })
    }

    /// Like [`Self::try_call`], for requests that must be answered.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Answer {
        self.try_call(method.clone(), path, token, body)
            .await
            .unwrap_or_else(|| panic!("{method} {path} was not answered"))
    }

    /// Status and JSON body of a request that must be answered.
    pub async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> (u16, Value) {
        let answer = self.call(method, path, token, body).await;
        (answer.status, answer.json)
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The log lines written so far (with `capture_log`).
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// SIGKILL, and wait for the process to be gone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.kill();
    }
}

/// `pid`'s soft limit on the size of files it writes (`None`: none);
/// unprivileged, since the hard limit is left alone.
pub fn limit_file_size(pid: u32, bytes: Option<u64>) {
    let soft = bytes.map_or("unlimited".to_owned(), |b| b.to_string());
    let status = Command::new("prlimit")
        .args(["--pid", &pid.to_string(), &format!("--fsize={soft}:")])
        .status()
        .expect("prlimit (util-linux) runs");
    assert!(status.success(), "prlimit failed: {status}");
}
