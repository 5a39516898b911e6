//! The connection edge: what happens to a connection before and after
//! actix-web's `App` sees its requests.
//!
//! actix-http's HTTP/1 parser refuses some requests itself, before any
//! middleware runs: a request head over 128 KiB or with more than 96
//! headers (431), a malformed request line, header or `Content-Length`, a
//! URI over 64 KiB (400), a head not complete within the head timeout
//! (408). It answers those with an empty body and logs each at ERROR
//! (`stream error: …`), so anyone could fill the log. actix offers no hook
//! for either, so this module wraps every connection:
//!
//! - [`Edge`] wraps the socket and rewrites, as they are written, those
//!   empty refusals into `{"detail": …}` answers with the headers every
//!   other answer has. A refusal is recognised by its shape, which no
//!   answer of the application has: an error status, `content-length: 0`,
//!   and no headers but `connection` and `date` (every application answer
//!   carries `x-content-type-options`, and error answers a JSON body). The
//!   refusal is always the last thing written on its connection, so it is
//!   looked for at the end of each write only.
//! - [`connections`] logs how each connection ended: refusals and other
//!   protocol errors at WARN through a [`RefusalLog`] (at most
//!   [`LINES_PER_WINDOW`] lines a minute, then one line saying how many were
//!   left out), clients that went away at DEBUG. The binary turns actix's
//!   own `actix_http::h1::dispatcher` ERROR lines off, since every one of
//!   them is reported here instead.

use std::cell::Cell;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use actix_http::error::{DispatchError, ParseError};
use actix_service::{Service, ServiceFactory, apply_fn_factory};
use actix_web::rt::net::TcpStream;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Most refusal lines logged per window.
pub const LINES_PER_WINDOW: u32 = 10;
/// The window of [`LINES_PER_WINDOW`].
pub const LOG_WINDOW: Duration = Duration::from_secs(60);

/// The `detail` of a refusal's body.
fn detail(status: u16) -> &'static str {
    match status {
        400 => "Malformed request",
        408 => "Request timeout",
        413 => "Request body too large",
        431 => "Request header fields too large",
        500 => "Internal server error",
        505 => "HTTP version not supported",
        _ => "Request refused",
    }
}

/// A refusal found at the end of a write: where it starts, its status and
/// its parts to keep.
#[derive(Debug, PartialEq)]
struct Refusal<'a> {
    start: usize,
    status: u16,
    status_line: &'a [u8],
    date: Option<&'a [u8]>,
}

/// Finds an empty refusal of the HTTP/1 dispatcher at the end of `buf`.
fn find_refusal(buf: &[u8]) -> Option<Refusal<'_>> {
    if !buf.ends_with(b"\r\n\r\n") {
        return None;
    }
    // A refusal head is short; look at the tail only.
    let from = buf.len().saturating_sub(512);
    let tail = &buf[from..];
    let mut candidates = tail
        .windows(7)
        .enumerate()
        .filter(|(_, w)| *w == b"HTTP/1.")
        .map(|(i, _)| i)
        .collect::<Vec<_>>();
    candidates.reverse();
    candidates.into_iter().find_map(|i| {
        parse_refusal(&tail[i..]).map(|r| Refusal {
            start: from + i,
            ..r
        })
    })
}

fn parse_refusal(head: &[u8]) -> Option<Refusal<'_>> {
    let head = head.strip_suffix(b"\r\n\r\n")?;
    let mut lines = lines(head);
    let status_line = lines.next()?;
    let status = std::str::from_utf8(status_line.get(9..12)?)
        .ok()?
        .parse::<u16>()
        .ok()?;
    if status < 400 || status_line.get(8) != Some(&b' ') {
        return None;
    }
    let (mut length, mut date) = (None, None);
    for line in lines {
        let colon = line.iter().position(|b| *b == b':')?;
        let (name, value) = (&line[..colon], line[colon + 1..].trim_ascii());
        match name.to_ascii_lowercase().as_slice() {
            b"content-length" => length = Some(value),
            b"date" => date = Some(value),
            b"connection" => {}
            _ => return None,
        }
    }
    (length == Some(b"0".as_slice())).then_some(Refusal {
        start: 0,
        status,
        status_line,
        date,
    })
}

/// The lines of `head`, split at CRLF only.
fn lines(head: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(head);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.windows(2).position(|w| w == b"\r\n") {
            Some(i) => {
                rest = Some(&text[i + 2..]);
                Some(&text[..i])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// The refusal answered as JSON, with the headers every answer carries.
fn json_refusal(refusal: &Refusal<'_>) -> Vec<u8> {
    let body = serde_json::json!({ "detail": detail(refusal.status) }).to_string();
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(refusal.status_line);
    out.extend_from_slice(b"\r\ncontent-type: application/json\r\n");
    out.extend_from_slice(format!("content-length: {}\r\n", body.len()).as_bytes());
    out.extend_from_slice(b"x-content-type-options: nosniff\r\nconnection: close\r\n");
    if let Some(date) = refusal.date {
        out.extend_from_slice(b"date: ");
        out.extend_from_slice(date);
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(body.as_bytes());
    out
}

/// A connection's socket, with the dispatcher's empty refusals rewritten
/// into JSON answers on the way out.
pub struct Edge<T> {
    io: T,
    /// Rewritten bytes not yet written to `io`, and how many of them are.
    pending: Vec<u8>,
    written: usize,
    /// The status of the refusal sent on this connection, if any.
    refused: Rc<Cell<Option<u16>>>,
}

impl<T: AsyncWrite + Unpin> Edge<T> {
    fn new(io: T, refused: Rc<Cell<Option<u16>>>) -> Self {
        Self {
            io,
            pending: Vec::new(),
            written: 0,
            refused,
        }
    }

    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Edge<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Edge<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        let Some(refusal) = find_refusal(buf) else {
            return Pin::new(&mut this.io).poll_write(cx, buf);
        };
        this.refused.set(Some(refusal.status));
        this.pending.extend_from_slice(&buf[..refusal.start]);
        this.pending.extend_from_slice(&json_refusal(&refusal));
        // The whole `buf` is taken; what `io` does not take now is written
        // by the next write, flush or shutdown.
        if let Poll::Ready(Err(e)) = this.poll_pending(cx) {
            return Poll::Ready(Err(e));
        }
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

/// Lines logged in the current window, and those left out.
#[derive(Debug)]
struct Window {
    started: Instant,
    logged: u32,
    left_out: u64,
}

/// Logs refusals at WARN, at most [`LINES_PER_WINDOW`] a window, then
/// counts them; the count is logged when the next window's first refusal
/// comes.
#[derive(Debug)]
pub struct RefusalLog {
    window: Mutex<Window>,
    lines: u32,
    length: Duration,
}

/// What to do with one refusal.
#[derive(Debug, PartialEq, Eq)]
struct Verdict {
    /// Lines left out in the window that just ended.
    left_out_before: u64,
    /// Log this one.
    log: bool,
    /// This one was the last the window may log.
    last: bool,
}

impl Default for RefusalLog {
    fn default() -> Self {
        Self::new(LINES_PER_WINDOW, LOG_WINDOW)
    }
}

impl RefusalLog {
    /// At most `lines` per `length`.
    pub fn new(lines: u32, length: Duration) -> Self {
        Self {
            window: Mutex::new(Window {
                started: Instant::now(),
                logged: 0,
                left_out: 0,
            }),
            lines,
            length,
        }
    }

    fn verdict(&self, now: Instant) -> Verdict {
        let mut w = self.window.lock().unwrap_or_else(|p| p.into_inner());
        let mut left_out_before = 0;
        if now.saturating_duration_since(w.started) >= self.length {
            left_out_before = w.left_out;
            *w = Window {
                started: now,
                logged: 0,
                left_out: 0,
            };
        }
        if w.logged < self.lines {
            w.logged += 1;
            Verdict {
                left_out_before,
                log: true,
                last: w.logged == self.lines,
            }
        } else {
            w.left_out += 1;
            Verdict {
                left_out_before,
                log: false,
                last: false,
            }
        }
    }

    /// Logs a refusal (`what` and `reason`) within the limit.
    pub fn refused(&self, status: Option<u16>, what: &str, reason: &dyn std::fmt::Display) {
        let verdict = self.verdict(Instant::now());
        if verdict.left_out_before > 0 {
            tracing::warn!(
                count = verdict.left_out_before,
                "{} more refused connections in the last minute were not logged one by one",
                verdict.left_out_before
            );
        }
        if verdict.log {
            match status {
                Some(status) => tracing::warn!(status, reason = %reason, "{what}"),
                None => tracing::warn!(reason = %reason, "{what}"),
            }
        }
        if verdict.last {
            tracing::warn!(
                limit = self.lines,
                "refusal log limit reached: further refused connections this minute are counted, not logged"
            );
        }
    }
}

/// How a connection ended, logged within `log`'s limit.
fn report(log: &RefusalLog, result: Result<(), DispatchError>, refused: Option<u16>) {
    match result {
        Ok(()) => {
            if let Some(status) = refused {
                // The head did not arrive in time (the only refusal that
                // ends a connection without an error).
                log.refused(
                    Some(status),
                    "refused a request",
                    &"request head not complete in time",
                );
            }
        }
        Err(DispatchError::Io(e)) => tracing::debug!(error = %e, "connection ended by I/O error"),
        Err(DispatchError::Parse(ParseError::Io(e))) => {
            tracing::debug!(error = %e, "connection ended by I/O error")
        }
        Err(e @ (DispatchError::Parse(_) | DispatchError::SlowRequestTimeout)) => {
            log.refused(refused, "refused a malformed request", &e)
        }
        Err(e) => log.refused(refused, "connection ended by a protocol error", &e),
    }
}

/// Serves each TCP connection with `http` (an HTTP/1 service), through an
/// [`Edge`], and reports how it ended.
pub fn connections<F>(
    http: F,
    log: Arc<RefusalLog>,
) -> impl ServiceFactory<TcpStream, Config = (), Response = (), Error = DispatchError, InitError = ()>
where
    F: ServiceFactory<
            (Edge<TcpStream>, Option<SocketAddr>),
            Config = (),
            Response = (),
            Error = DispatchError,
            InitError = (),
        >,
    F::Service: 'static,
{
    apply_fn_factory(http, move |io: TcpStream, service: &F::Service| {
        let peer = io.peer_addr().ok();
        let refused = Rc::new(Cell::new(None));
        let call = service.call((Edge::new(io, refused.clone()), peer));
        let log = log.clone();
        async move {
            report(&log, call.await, refused.get());
            Ok(())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATE: &str = "date: Sun, 22 Nov 2026 23:03:01 GMT\r\n";

    #[test]
    fn the_dispatchers_refusals_are_found_at_the_end_of_a_write() {
        let refusal = format!(
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n{DATE}\r\n"
        );
        let found = find_refusal(refusal.as_bytes()).unwrap();
        assert_eq!((found.start, found.status), (0, 431));
        // After an answer on the same connection.
        let ok = "HTTP/1.1 200 OK\r\ncontent-length: 15\r\nx-content-type-options: nosniff\r\n\
                  content-type: application/json\r\n\r\n{\"status\":\"ok\"}";
        let bad = format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{DATE}\r\n");
        let both = format!("{ok}{bad}");
        let found = find_refusal(both.as_bytes()).unwrap();
        assert_eq!((found.start, found.status), (ok.len(), 400));
        let rewritten = json_refusal(&found);
        let text = String::from_utf8(rewritten).unwrap();
        assert_eq!(
            text,
            format!(
                "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 30\r\n\
                 x-content-type-options: nosniff\r\nconnection: close\r\n{DATE}\r\n\
                 {{\"detail\":\"Malformed request\"}}"
            )
        );
    }

    #[test]
    fn application_answers_are_never_taken_for_refusals() {
        for answer in [
            // An error answer of the application: a JSON body.
            format!(
                "HTTP/1.1 404 Not Found\r\ncontent-length: 22\r\ncontent-type: application/json\r\n{DATE}\r\n{{\"detail\":\"Not Found\"}}"
            ),
            // Empty answers of the application carry the nosniff header.
            format!(
                "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nx-content-type-options: nosniff\r\n{DATE}\r\n"
            ),
            format!("HTTP/1.1 204 No Content\r\n{DATE}\r\n"),
            format!("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n{DATE}\r\n"),
            // A body that quotes a refusal does not end the write with one.
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n-".to_owned(),
        ] {
            assert_eq!(find_refusal(answer.as_bytes()), None, "{answer}");
        }
    }

    #[test]
    fn the_log_keeps_to_its_limit_then_counts() {
        let log = RefusalLog::new(3, Duration::from_secs(60));
        let t0 = log.window.lock().unwrap().started;
        let verdicts: Vec<Verdict> = (0..5).map(|_| log.verdict(t0)).collect();
        assert_eq!(
            verdicts.iter().map(|v| (v.log, v.last)).collect::<Vec<_>>(),
            [
                (true, false),
                (true, false),
                (true, true),
                (false, false),
                (false, false)
            ]
        );
        let next = log.verdict(t0 + Duration::from_secs(60));
        assert_eq!(
            next,
            Verdict {
                left_out_before: 2,
                log: true,
                last: false
            }
        );
    }
}
