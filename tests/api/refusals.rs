//! Requests refused by the HTTP/1 parser before any route sees them, sent
//! over a raw TCP socket to the real binary: each answers JSON
//! `{"detail": …}`, and a flood of them adds a bounded number of lines to
//! the log, at WARN, never ERROR.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::binary::{Options, free_port, start};
use crate::helpers::{Backend, TestDb};

/// One answer read off a socket.
#[derive(Debug)]
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads answers until `count` are complete (by `content-length`) or the
/// connection ends.
fn read_answers(stream: &mut TcpStream, count: usize) -> Vec<Raw> {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut buf = Vec::new();
    let mut answers = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        // Parse what is complete.
        while let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).into_owned();
            let mut lines = head.split("\r\n");
            let status = lines.next().unwrap()[9..12].parse().unwrap();
            let headers: Vec<(String, String)> = lines
                .filter_map(|l| l.split_once(':'))
                .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_owned()))
                .collect();
            let length: usize = headers
                .iter()
                .find(|(n, _)| n == "content-length")
                .map_or(0, |(_, v)| v.parse().unwrap());
            if buf.len() < end + 4 + length {
                break;
            }
            let body = String::from_utf8_lossy(&buf[end + 4..end + 4 + length]).into_owned();
            buf.drain(..end + 4 + length);
            answers.push(Raw {
                status,
                headers,
                body,
            });
        }
        if answers.len() >= count {
            return answers;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return answers,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}

/// Sends `request` on a new connection and reads `count` answers.
fn exchange(port: u16, request: &[u8], count: usize) -> Vec<Raw> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    // The server may stop reading (and close) before all is sent.
    let _ = stream.write_all(request);
    read_answers(&mut stream, count)
}

fn assert_json_refusal(answer: &Raw, status: u16, what: &str) {
    assert_eq!(answer.status, status, "{what}: {answer:?}");
    assert_eq!(
        answer.header("content-type"),
        Some("application/json"),
        "{what}"
    );
    assert_eq!(
        answer.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    let body: Value = serde_json::from_str(&answer.body)
        .unwrap_or_else(|e| panic!("{what}: the body is not JSON ({e}): {:?}", answer.body));
    assert!(body["detail"].is_string(), "{what}: {body}");
    assert_eq!(body.as_object().unwrap().len(), 1, "{what}: {body}");
}

/// The refusals: what is sent, and the status it gets.
fn malformed_requests() -> Vec<(&'static str, Vec<u8>, u16)> {
    let many_headers: String = (0..100).map(|i| format!("x-h{i}: v\r\n")).collect();
    vec![
        (
            "more than 96 headers",
            format!("GET /health HTTP/1.1\r\nhost: x\r\n{many_headers}\r\n").into_bytes(),
            431,
        ),
        (
            "a head over 128 KiB",
            format!(
                "GET /health HTTP/1.1\r\nhost: x\r\nx-big: {}\r\n\r\n",
                "a".repeat(140_000)
            )
            .into_bytes(),
            431,
        ),
        (
            "a 100 KB query string",
            format!(
                "GET /api/recipes?q={} HTTP/1.1\r\nhost: x\r\n\r\n",
                "q".repeat(100_000)
            )
            .into_bytes(),
            400,
        ),
        (
            "a non-numeric Content-Length",
            b"POST /auth/login HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n".to_vec(),
            400,
        ),
        (
            "a negative Content-Length",
            b"POST /auth/login HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\n\r\n".to_vec(),
            400,
        ),
        (
            "two different Content-Lengths",
            b"POST /auth/login HTTP/1.1\r\nhost: x\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n{}"
                .to_vec(),
            400,
        ),
        (
            "Content-Length beside chunked",
            b"POST /auth/login HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n{}"
                .to_vec(),
            400,
        ),
        (
            "a malformed request line",
            b"GARBAGE\r\n\r\n".to_vec(),
            400,
        ),
        (
            "an unknown HTTP version",
            b"GET /health HTTP/7.1\r\nhost: x\r\n\r\n".to_vec(),
            400,
        ),
        (
            "a header without a colon",
            b"GET /health HTTP/1.1\r\nhost x\r\n\r\n".to_vec(),
            400,
        ),
    ]
}

#[actix_web::test]
async fn low_level_refusals_answer_json_and_log_within_a_limit() {
    let db = TestDb::create(Backend::Sqlite);
    let port = free_port();
    let options = Options {
        capture_log: true,
        ..Options::default()
    }
    .with("BODY_READ_TIMEOUT_MS", 1000);
    let service = start(&db.url(), port, options).await;

    for (what, request, status) in malformed_requests() {
        let answers = exchange(port, &request, 1);
        assert_eq!(answers.len(), 1, "{what}: no answer");
        assert_json_refusal(&answers[0], status, what);
    }
    // A good request, then a bad one on the same connection.
    let answers = exchange(
        port,
        b"GET /health HTTP/1.1\r\nhost: x\r\n\r\nGARBAGE\r\n\r\n",
        2,
    );
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0].status, 200);
    assert_json_refusal(&answers[1], 400, "garbage after a good request");
    // A head that never completes: 408 after the head timeout.
    let started = Instant::now();
    let answers = exchange(port, b"GET /health HTTP/1.1\r\nhost: x\r\n", 1);
    assert_eq!(answers.len(), 1, "no answer to a slow head");
    assert_json_refusal(&answers[0], 408, "slow head");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    // A flood: the log grows by a bounded number of lines.
    for i in 0..300 {
        let answers = exchange(port, format!("GARBAGE{i}\r\n\r\n").as_bytes(), 1);
        assert_eq!(answers.len(), 1);
        assert_eq!(answers[0].status, 400);
    }
    let health = service
        .call(awc::http::Method::GET, "/health", None, &Value::Null)
        .await;
    assert_eq!(health.status, 200);
    // Let the log reader catch up.
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    let log = service.log();
    let lines: Vec<Value> = log
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(
        lines.iter().all(|l| l["level"] != "ERROR"),
        "ERROR lines: {log:#?}"
    );
    let refusals = lines
        .iter()
        .filter(|l| l["target"] == "mealplan_http::edge")
        .count();
    let limit_reached = lines
        .iter()
        .filter(|l| {
            l["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("refusal log limit reached"))
        })
        .count();
    // 312 refusals: 10 lines, then one saying the rest are counted.
    assert_eq!(
        (refusals, limit_reached),
        (mealplan_http::edge::LINES_PER_WINDOW as usize + 1, 1),
        "{log:#?}"
    );
    assert!(log.len() < 40, "the log grew with the flood: {log:#?}");
}
