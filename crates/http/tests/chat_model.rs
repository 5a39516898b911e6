//! `OpenAiChatModel` against a scripted chat-completions server: a plain
//! TCP listener that reads one HTTP/1.1 request and sends a canned answer.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use mealplan_http::{ChatModelConfig, OpenAiChatModel};
use mealplan_ports::{
    ChatMessage, ChatModel, ModelError, ModelTurn, ParamType, ToolArg, ToolParam, ToolSpec,
};
use serde_json::{Value, json};

/// What the fake server received.
struct Received {
    request_line: String,
    /// Header names lower-cased.
    headers: BTreeMap<String, String>,
    body: Value,
}

/// A canned answer.
struct Reply {
    status: u16,
    body: String,
    /// Wait before answering.
    delay: Duration,
    /// Wait after the headers and half the body instead.
    stall_body: bool,
}

impl Reply {
    fn ok(body: Value) -> Self {
        Self::raw(200, body.to_string())
    }

    fn raw(status: u16, body: impl Into<String>) -> Self {
        Self {
            status,
            body: body.into(),
            delay: Duration::ZERO,
            stall_body: false,
        }
    }
}

/// Serves one request with `reply`; returns the base URL and what came in.
fn serve_once(reply: Reply) -> (String, mpsc::Receiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut request_line = String::new();
        reader.read_line(&mut request_line).unwrap();
        let mut headers = BTreeMap::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').unwrap();
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
        }
        let length: usize = headers["content-length"].parse().unwrap();
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
        let _ = tx.send(Received {
            request_line: request_line.trim_end().to_owned(),
            headers,
            body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        });
        let mut stream = stream;
        if !reply.stall_body {
            thread::sleep(reply.delay);
        }
        let (first, rest) = reply.body.split_at(reply.body.len() / 2);
        let _ = write!(
            stream,
            "HTTP/1.1 {} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{first}",
            reply.status,
            reply.body.len(),
        );
        let _ = stream.flush();
        if reply.stall_body {
            thread::sleep(reply.delay);
        }
        let _ = stream.write_all(rest.as_bytes());
    });
    (base, rx)
}

fn model(url: &str) -> OpenAiChatModel {
    OpenAiChatModel::new(ChatModelConfig::new(url, "test-model"))
}

fn tools() -> Vec<ToolSpec> {
    vec![ToolSpec {
        name: "find_recipes",
        description: "Search recipes.",
        params: vec![
            ToolParam {
                name: "query",
                kind: ParamType::String,
                description: "Words.",
                choices: &[],
                required: true,
            },
            ToolParam {
                name: "meal_type",
                kind: ParamType::String,
                description: "Which meal.",
                choices: &["breakfast", "dinner"],
                required: false,
            },
            ToolParam {
                name: "max_calories",
                kind: ParamType::Number,
                description: "Upper bound.",
                choices: &[],
                required: false,
            },
        ],
    }]
}

fn conversation() -> Vec<ChatMessage> {
    vec![
        ChatMessage::System("You plan meals.".into()),
        ChatMessage::User("A light dinner?".into()),
    ]
}

#[tokio::test]
async fn sends_model_messages_tools_and_key_then_parses_tool_calls() {
    let (url, received) = serve_once(Reply::ok(json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": null,
                "tool_calls": [{
                    "id": "call_abc",
                    "type": "function",
                    "function": {
                        "name": "find_recipes",
                        "arguments": "{\"query\":\"soup\",\"max_calories\":450,\"vegan\":true,\"tags\":[\"x\"],\"note\":null}",
                    },
                }],
            },
        }],
    })));
    let mut config = ChatModelConfig::new(url, "test-model");
    config.api_key = Some("sk-test-123".into());
    let turn = OpenAiChatModel::new(config)
        .complete(conversation(), tools())
        .await
        .unwrap();

    let request = received.recv().unwrap();
    assert_eq!(request.request_line, "POST /v1/chat/completions HTTP/1.1");
    assert_eq!(request.headers["authorization"], "Bearer sk-test-123");
    assert!(request.headers["content-type"].starts_with("application/json"));
    let body = request.body;
    assert_eq!(body["model"], "test-model");
    assert_eq!(
        body["messages"],
        json!([
            {"role": "system", "content": "You plan meals."},
            {"role": "user", "content": "A light dinner?"},
        ])
    );
    assert_eq!(body["tool_choice"], "auto");
    assert_eq!(
        body["tools"],
        json!([{
            "type": "function",
            "function": {
                "name": "find_recipes",
                "description": "Search recipes.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "description": "Words."},
                        "meal_type": {
                            "type": "string",
                            "description": "Which meal.",
                            "enum": ["breakfast", "dinner"],
                        },
                        "max_calories": {"type": "number", "description": "Upper bound."},
                    },
                    "required": ["query"],
                },
            },
        }])
    );

    let ModelTurn::ToolCalls(calls) = turn else {
        panic!("expected tool calls, got {turn:?}");
    };
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].id, "call_abc");
    assert_eq!(calls[0].name, "find_recipes");
    assert_eq!(
        calls[0].arguments,
        BTreeMap::from([
            ("max_calories".to_owned(), ToolArg::Number(450.0)),
            ("query".to_owned(), ToolArg::Text("soup".into())),
            ("vegan".to_owned(), ToolArg::Bool(true)),
        ])
    );
}

#[tokio::test]
async fn plain_content_is_an_answer_and_no_key_sends_no_authorization() {
    let (url, received) = serve_once(Reply::ok(json!({
        "choices": [{"message": {"role": "assistant", "content": "Try the lentil soup."}}],
    })));
    let full_url = format!("{url}/chat/completions");
    let turn = model(&full_url)
        .complete(conversation(), vec![])
        .await
        .unwrap();
    assert_eq!(turn, ModelTurn::Answer("Try the lentil soup.".into()));
    let request = received.recv().unwrap();
    assert_eq!(request.request_line, "POST /v1/chat/completions HTTP/1.1");
    assert!(!request.headers.contains_key("authorization"));
    assert!(request.body.get("tools").is_none());
}

#[tokio::test]
async fn server_error_is_a_failure_without_the_key() {
    let (url, _received) = serve_once(Reply::raw(
        500,
        r#"{"error":{"message":"boom for key sk-test-123"}}"#,
    ));
    let mut config = ChatModelConfig::new(url, "test-model");
    config.api_key = Some("sk-test-123".into());
    let err = OpenAiChatModel::new(config)
        .complete(conversation(), tools())
        .await
        .unwrap_err();
    let ModelError::Failure(message) = err else {
        panic!("expected a failure, got {err:?}");
    };
    assert!(message.contains("500"), "{message}");
    assert!(!message.contains("sk-test-123"), "{message}");
}

#[tokio::test]
async fn slow_server_is_a_timeout() {
    let (url, _received) = serve_once(Reply {
        delay: Duration::from_secs(2),
        ..Reply::ok(json!({"choices": [{"message": {"content": "late"}}]}))
    });
    let mut config = ChatModelConfig::new(url, "test-model");
    config.timeout = Duration::from_millis(300);
    let started = Instant::now();
    let err = OpenAiChatModel::new(config)
        .complete(conversation(), tools())
        .await
        .unwrap_err();
    assert!(matches!(err, ModelError::Timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_millis(1500));
}

#[tokio::test]
async fn slow_body_is_a_timeout() {
    let (url, _received) = serve_once(Reply {
        delay: Duration::from_secs(2),
        stall_body: true,
        ..Reply::ok(json!({"choices": [{"message": {"content": "late"}}]}))
    });
    let mut config = ChatModelConfig::new(url, "test-model");
    config.timeout = Duration::from_millis(300);
    let started = Instant::now();
    let err = OpenAiChatModel::new(config)
        .complete(conversation(), tools())
        .await
        .unwrap_err();
    assert!(matches!(err, ModelError::Timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_millis(1500));
}

#[tokio::test]
async fn arguments_sent_as_an_object_are_accepted() {
    let (url, _received) = serve_once(Reply::ok(json!({
        "choices": [{"message": {"content": "", "tool_calls": [{
            "function": {"name": "find_recipes", "arguments": {"query": "salad", "max_calories": 300.5}},
        }]}}],
    })));
    let turn = model(&url).complete(conversation(), tools()).await.unwrap();
    let ModelTurn::ToolCalls(calls) = turn else {
        panic!("expected tool calls, got {turn:?}");
    };
    assert_eq!(calls[0].id, "call_0");
    assert_eq!(
        calls[0].arguments,
        BTreeMap::from([
            ("max_calories".to_owned(), ToolArg::Number(300.5)),
            ("query".to_owned(), ToolArg::Text("salad".into())),
        ])
    );
}

#[tokio::test]
async fn garbage_body_is_a_failure() {
    let (url, _received) = serve_once(Reply::raw(200, "<html>not json</html>"));
    let err = model(&url)
        .complete(conversation(), tools())
        .await
        .unwrap_err();
    assert!(matches!(err, ModelError::Failure(_)), "{err:?}");
}

#[tokio::test]
async fn unreachable_server_is_a_failure() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let err = model(&format!("http://127.0.0.1:{port}/v1"))
        .complete(conversation(), tools())
        .await
        .unwrap_err();
    assert!(matches!(err, ModelError::Failure(_)), "{err:?}");
}
