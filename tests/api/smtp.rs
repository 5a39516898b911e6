//! A small SMTP server for tests: it speaks just enough SMTP for a client
//! to deliver (greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT),
//! offers no STARTTLS and no authentication, and keeps every message it
//! receives so a test can read it.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One delivered message.
#[derive(Debug, Clone)]
pub struct Received {
    /// The envelope recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The message as sent (headers and body, dot-unstuffed).
    pub data: String,
}

impl Received {
    /// The body with quoted-printable decoded when the message says so.
    pub fn body(&self) -> String {
        let (head, body) = self
            .data
            .split_once("\r\n\r\n")
            .unwrap_or(("", self.data.as_str()));
        if head
            .to_ascii_lowercase()
            .contains("content-transfer-encoding: quoted-printable")
        {
            decode_quoted_printable(body)
        } else {
            body.to_owned()
        }
    }

    /// The header `name`'s value (first of them).
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next()?;
        let prefix = format!("{}:", name.to_ascii_lowercase());
        head.split("\r\n")
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
            .map(|l| l[prefix.len()..].trim().to_owned())
    }

    /// The reset token of the link in the body.
    pub fn reset_token(&self) -> String {
        let body = self.body();
        let at = body
            .find("/reset-password?token=")
            .unwrap_or_else(|| panic!("no reset link in {body}"));
        body[at + "/reset-password?token=".len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect()
    }
}

fn decode_quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A running sink; stops when dropped.
pub struct SmtpSink {
    addr: SocketAddr,
    received: Arc<Mutex<Vec<Received>>>,
    stop: Arc<AtomicBool>,
}

impl SmtpSink {
    /// A sink on a free port.
    pub fn start() -> Self {
        Self::start_on(0)
    }

    /// A sink on `port` of 127.0.0.1 (0: any free one).
    pub fn start_on(port: u16) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("the SMTP sink binds");
        let addr = listener.local_addr().unwrap();
        let received = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (store, stopping) = (received.clone(), stop.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    return;
                }
                if let Ok(stream) = stream {
                    let store = store.clone();
                    std::thread::spawn(move || {
                        let _ = session(stream, &store);
                    });
                }
            }
        });
        Self {
            addr,
            received,
            stop,
        }
    }

    /// `SMTP_URL` for this sink.
    pub fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    /// Everything received so far.
    pub fn messages(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Waits (at most `limit`) until at least `n` messages are in.
    pub async fn wait_for(&self, n: usize, limit: Duration) -> Vec<Received> {
        let start = Instant::now();
        loop {
            let messages = self.messages();
            if messages.len() >= n || start.elapsed() > limit {
                return messages;
            }
            actix_web::rt::time::sleep(Duration::from_millis(25)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accepting thread so it sees the flag.
        let _ = TcpStream::connect(self.addr);
    }
}

/// A port nothing listens on (bound once, then released).
pub fn unused_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One SMTP conversation.
fn session(stream: TcpStream, store: &Mutex<Vec<Received>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut out = stream.try_clone()?;
    let mut lines = BufReader::new(stream);
    out.write_all(b"220 sink.test ESMTP ready\r\n")?;
    let mut to = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_ascii_uppercase();
        let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
            b"250 sink.test\r\n"
        } else if command.starts_with("MAIL FROM") || command.starts_with("NOOP") {
            b"250 OK\r\n"
        } else if command.starts_with("RSET") {
            to.clear();
            b"250 OK\r\n"
        } else if command.starts_with("RCPT TO") {
            let address = line.trim_end()[8..].trim();
            to.push(address.trim_matches(|c| c == '<' || c == '>').to_owned());
            b"250 OK\r\n"
        } else if command == "DATA" {
            out.write_all(b"354 end with <CRLF>.<CRLF>\r\n")?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line)? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            store.lock().unwrap().push(Received {
                to: std::mem::take(&mut to),
                data,
            });
            b"250 OK: queued\r\n"
        } else if command.starts_with("QUIT") {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            b"502 command not implemented\r\n"
        };
        out.write_all(reply)?;
    }
}
