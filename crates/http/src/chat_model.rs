//! The [`ChatModel`] port over any OpenAI-compatible chat-completions
//! server with tool calling (OpenAI, Ollama's `/v1`, vLLM, llama.cpp's
//! server…). It lives here because it speaks JSON over HTTP: this crate is
//! the HTTP edge, inbound and outbound.
//!
//! Requests go out through the blocking `ureq` client on tokio's blocking
//! pool, bounded end to end by [`ChatModelConfig::timeout`].

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use async_trait::async_trait;
use mealplan_ports::{
    ChatMessage, ChatModel, ModelError, ModelTurn, ParamType, ToolArg, ToolCall, ToolSpec,
};
use serde_json::{Map, Value, json};

/// The largest response body read from the model server.
const MAX_BODY_BYTES: u64 = 4 * 1024 * 1024;

/// How much of an error body goes into a failure message.
const MAX_DETAIL_CHARS: usize = 200;

/// Where and how to reach the model server.
#[derive(Clone)]
pub struct ChatModelConfig {
    /// Base URL such as `http://127.0.0.1:11434/v1`, or the full URL of the
    /// endpoint, ending in `/chat/completions`.
    pub url: String,
    /// Model name sent with every request.
    pub model: String,
    /// Sent as `Authorization: Bearer …` when set; never logged.
    pub api_key: Option<String>,
    /// Limit on a whole request, from connecting to reading the body.
    pub timeout: Duration,
}

impl ChatModelConfig {
    /// The time limit used unless set otherwise.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// A configuration without an API key and with the default time limit.
    pub fn new(url: impl Into<String>, model: impl Into<String>) -> Self {
        Self {
            url: url.into(),
            model: model.into(),
            api_key: None,
            timeout: Self::DEFAULT_TIMEOUT,
        }
    }

    /// The chat-completions endpoint `url` designates.
    pub fn endpoint(&self) -> String {
        let base = self.url.trim().trim_end_matches('/');
        if base.ends_with("/chat/completions") {
            base.to_owned()
        } else {
            format!("{base}/chat/completions")
        }
    }
}

impl fmt::Debug for ChatModelConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChatModelConfig")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "[redacted]"))
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// A [`ChatModel`] backed by an OpenAI-compatible `/chat/completions`
/// endpoint.
#[derive(Clone)]
pub struct OpenAiChatModel {
    config: ChatModelConfig,
    endpoint: String,
    agent: ureq::Agent,
}

impl OpenAiChatModel {
    /// A client for the server `config` describes. Nothing is sent until
    /// the first completion.
    pub fn new(config: ChatModelConfig) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(config.timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .new_agent();
        Self {
            endpoint: config.endpoint(),
            config,
            agent,
        }
    }

    /// The configuration it was made with.
    pub fn config(&self) -> &ChatModelConfig {
        &self.config
    }

    /// Replaces the API key, wherever it occurs, in a message meant for logs.
    fn redact(&self, message: String) -> String {
        match self.config.api_key.as_deref() {
            Some(key) if !key.is_empty() && message.contains(key) => {
                message.replace(key, "[redacted]")
            }
            _ => message,
        }
    }
}

impl fmt::Debug for OpenAiChatModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenAiChatModel")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

#[async_trait]
impl ChatModel for OpenAiChatModel {
    async fn complete(
        &self,
        messages: Vec<ChatMessage>,
        tools: Vec<ToolSpec>,
    ) -> Result<ModelTurn, ModelError> {
        let body = request_body(&self.config.model, &messages, &tools).to_string();
        let agent = self.agent.clone();
        let endpoint = self.endpoint.clone();
        let auth = self
            .config
            .api_key
            .as_deref()
            .map(|key| format!("Bearer {key}"));
        let sent = tokio::task::spawn_blocking(move || post(&agent, &endpoint, auth, body)).await;
        let result = match sent {
            Ok(result) => result.and_then(|text| parse_response(&text)),
            Err(e) => Err(ModelError::Failure(format!(
                "model request task failed: {e}"
            ))),
        };
        result.map_err(|e| match e {
            ModelError::Failure(message) => ModelError::Failure(self.redact(message)),
            timeout => timeout,
        })
    }
}

/// Sends `body` and returns the response body of a 2xx answer.
fn post(
    agent: &ureq::Agent,
    endpoint: &str,
    auth: Option<String>,
    body: String,
) -> Result<String, ModelError> {
    let mut request = agent
        .post(endpoint)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json");
    if let Some(auth) = auth {
        request = request.header("Authorization", auth);
    }
    let mut response = request.send(body.as_bytes()).map_err(transport_error)?;
    let status = response.status();
    let text = response
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .lossy_utf8(true)
        .read_to_string()
        .map_err(transport_error)?;
    if !status.is_success() {
        return Err(ModelError::Failure(format!(
            "model server answered {}: {}",
            status.as_u16(),
            excerpt(&text)
        )));
    }
    Ok(text)
}

fn transport_error(e: ureq::Error) -> ModelError {
    match e {
        ureq::Error::Timeout(_) => ModelError::Timeout,
        ureq::Error::Io(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ) =>
        {
            ModelError::Timeout
        }
        e => ModelError::Failure(format!("model request failed: {e}")),
    }
}

/// The start of `text` on one line, for a log message.
fn excerpt(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(MAX_DETAIL_CHARS) {
        Some((cut, _)) => format!("{}…", &flat[..cut]),
        None => flat,
    }
}

/// The JSON body of a chat-completions request.
fn request_body(model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Value {
    let mut body = json!({
        "model": model,
        "messages": messages.iter().map(message_json).collect::<Vec<_>>(),
    });
    if !tools.is_empty() {
        body["tools"] = tools.iter().map(tool_json).collect();
        body["tool_choice"] = json!("auto");
    }
    body
}

fn message_json(message: &ChatMessage) -> Value {
    match message {
        ChatMessage::System(content) => json!({"role": "system", "content": content}),
        ChatMessage::User(content) => json!({"role": "user", "content": content}),
        ChatMessage::Assistant {
            content,
            tool_calls,
        } => {
            let mut m = json!({"role": "assistant", "content": content});
            if !tool_calls.is_empty() {
                m["tool_calls"] = tool_calls
                    .iter()
                    .map(|call| {
                        json!({
                            "id": call.id,
                            "type": "function",
                            "function": {
                                "name": call.name,
                                "arguments": arguments_json(&call.arguments).to_string(),
                            },
                        })
                    })
                    .collect();
            }
            m
        }
        ChatMessage::Tool { call_id, content } => {
            json!({"role": "tool", "tool_call_id": call_id, "content": content})
        }
    }
}

fn arguments_json(arguments: &BTreeMap<String, ToolArg>) -> Value {
    arguments
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                ToolArg::Text(s) => json!(s),
                ToolArg::Bool(b) => json!(b),
                ToolArg::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => json!(*n as i64),
                ToolArg::Number(n) => json!(n),
            };
            (name.clone(), value)
        })
        .collect::<Map<_, _>>()
        .into()
}

fn tool_json(tool: &ToolSpec) -> Value {
    let properties: Map<String, Value> = tool
        .params
        .iter()
        .map(|p| {
            let kind = match p.kind {
                ParamType::String => "string",
                ParamType::Integer => "integer",
                ParamType::Number => "number",
                ParamType::Boolean => "boolean",
            };
            let mut schema = json!({"type": kind, "description": p.description});
            if !p.choices.is_empty() {
                schema["enum"] = json!(p.choices);
            }
            (p.name.to_owned(), schema)
        })
        .collect();
    let required: Vec<&str> = tool
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name)
        .collect();
    json!({
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
            },
        },
    })
}

fn failure(message: impl Into<String>) -> ModelError {
    ModelError::Failure(message.into())
}

/// The turn a chat-completions response body holds.
fn parse_response(text: &str) -> Result<ModelTurn, ModelError> {
    let body: Value = serde_json::from_str(text).map_err(|e| {
        failure(format!(
            "model response is not JSON ({e}): {}",
            excerpt(text)
        ))
    })?;
    if let Some(error) = body.get("error").filter(|e| !e.is_null()) {
        let detail = error
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| error.to_string(), str::to_owned);
        return Err(failure(format!(
            "model server reported an error: {}",
            excerpt(&detail)
        )));
    }
    let message = body
        .pointer("/choices/0/message")
        .filter(|m| m.is_object())
        .ok_or_else(|| failure("model response has no choices[0].message"))?;
    if let Some(calls) = message
        .get("tool_calls")
        .and_then(Value::as_array)
        .filter(|calls| !calls.is_empty())
    {
        return calls
            .iter()
            .enumerate()
            .map(|(i, call)| tool_call(i, call))
            .collect::<Result<_, _>>()
            .map(ModelTurn::ToolCalls);
    }
    let content = content_text(message.get("content").unwrap_or(&Value::Null));
    if content.trim().is_empty() {
        return Err(failure("model answered with neither text nor tool calls"));
    }
    Ok(ModelTurn::Answer(content))
}

/// Message content: a string, or (some servers) a list of text parts.
fn content_text(content: &Value) -> String {
    match content {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|part| match part {
                Value::String(s) => Some(s.as_str()),
                part => part.get("text").and_then(Value::as_str),
            })
            .collect(),
        _ => String::new(),
    }
}

fn tool_call(index: usize, call: &Value) -> Result<ToolCall, ModelError> {
    let function = call
        .get("function")
        .ok_or_else(|| failure(format!("tool call {index} has no function")))?;
    let name = function
        .get("name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| failure(format!("tool call {index} has no function name")))?;
    let id = call
        .get("id")
        .and_then(Value::as_str)
        .filter(|id| !id.is_empty())
        .map_or_else(|| format!("call_{index}"), str::to_owned);
    let arguments = match function.get("arguments").unwrap_or(&Value::Null) {
        Value::String(s) if s.trim().is_empty() => Value::Null,
        Value::String(s) => serde_json::from_str(s).map_err(|e| {
            failure(format!(
                "arguments of tool call {name} are not JSON ({e}): {}",
                excerpt(s)
            ))
        })?,
        other => other.clone(),
    };
    let arguments = match arguments {
        Value::Null => BTreeMap::new(),
        Value::Object(map) => map
            .into_iter()
            .filter_map(|(k, v)| tool_arg(v).map(|arg| (k, arg)))
            .collect(),
        _ => {
            return Err(failure(format!(
                "arguments of tool call {name} are not an object"
            )));
        }
    };
    Ok(ToolCall {
        id,
        name: name.to_owned(),
        arguments,
    })
}

fn tool_arg(value: Value) -> Option<ToolArg> {
    match value {
        Value::String(s) => Some(ToolArg::Text(s)),
        Value::Number(n) => n.as_f64().map(ToolArg::Number),
        Value::Bool(b) => Some(ToolArg::Bool(b)),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mealplan_ports::ToolParam;

    fn tools() -> Vec<ToolSpec> {
        vec![ToolSpec {
            name: "find_recipes",
            description: "Search the catalogue.",
            params: vec![
                ToolParam {
                    name: "query",
                    kind: ParamType::String,
                    description: "Words to look for.",
                    choices: &[],
                    required: true,
                },
                ToolParam {
                    name: "meal_type",
                    kind: ParamType::String,
                    description: "Which meal.",
                    choices: &["breakfast", "lunch"],
                    required: false,
                },
                ToolParam {
                    name: "limit",
                    kind: ParamType::Integer,
                    description: "How many.",
                    choices: &[],
                    required: false,
                },
            ],
        }]
    }

    #[test]
    fn endpoint_accepts_a_base_or_the_full_url() {
        let endpoint = |url: &str| ChatModelConfig::new(url, "m").endpoint();
        assert_eq!(
            endpoint("http://h:11434/v1"),
            "http://h:11434/v1/chat/completions"
        );
        assert_eq!(
            endpoint("http://h:11434/v1/"),
            "http://h:11434/v1/chat/completions"
        );
        assert_eq!(
            endpoint("https://h/v1/chat/completions"),
            "https://h/v1/chat/completions"
        );
        assert_eq!(
            endpoint("https://h/v1/chat/completions/"),
            "https://h/v1/chat/completions"
        );
    }

    #[test]
    fn debug_hides_the_api_key() {
        let mut config = ChatModelConfig::new("http://h/v1", "m");
        config.api_key = Some("sk-secret".into());
        let model = OpenAiChatModel::new(config.clone());
        assert!(!format!("{config:?}").contains("sk-secret"));
        assert!(!format!("{model:?}").contains("sk-secret"));
        assert!(format!("{config:?}").contains("[redacted]"));
    }

    #[test]
    fn request_maps_messages_and_tools() {
        let mut args = BTreeMap::new();
        args.insert("query".to_owned(), ToolArg::Text("soup".into()));
        args.insert("limit".to_owned(), ToolArg::Number(3.0));
        args.insert("ratio".to_owned(), ToolArg::Number(0.5));
        let messages = vec![
            ChatMessage::System("be brief".into()),
            ChatMessage::User("soup?".into()),
            ChatMessage::Assistant {
                content: None,
                tool_calls: vec![ToolCall {
                    id: "c1".into(),
                    name: "find_recipes".into(),
                    arguments: args,
                }],
            },
            ChatMessage::Tool {
                call_id: "c1".into(),
                content: "tomato soup".into(),
            },
            ChatMessage::Assistant {
                content: Some("Tomato soup.".into()),
                tool_calls: vec![],
            },
        ];
        let body = request_body("llama", &messages, &tools());
        assert_eq!(
            body,
            json!({
                "model": "llama",
                "messages": [
                    {"role": "system", "content": "be brief"},
                    {"role": "user", "content": "soup?"},
                    {"role": "assistant", "content": null, "tool_calls": [{
                        "id": "c1",
                        "type": "function",
                        "function": {
                            "name": "find_recipes",
                            "arguments": r#"{"limit":3,"query":"soup","ratio":0.5}"#,
                        },
                    }]},
                    {"role": "tool", "tool_call_id": "c1", "content": "tomato soup"},
                    {"role": "assistant", "content": "Tomato soup."},
                ],
                "tools": [{
                    "type": "function",
                    "function": {
                        "name": "find_recipes",
                        "description": "Search the catalogue.",
                        "parameters": {
                            "type": "object",
                            "properties": {
                                "query": {"type": "string", "description": "Words to look for."},
                                "meal_type": {
                                    "type": "string",
                                    "description": "Which meal.",
                                    "enum": ["breakfast", "lunch"],
                                },
                                "limit": {"type": "integer", "description": "How many."},
                            },
                            "required": ["query"],
                        },
                    },
                }],
                "tool_choice": "auto",
            })
        );
        let bare = request_body("llama", &messages[..2], &[]);
        assert!(bare.get("tools").is_none() && bare.get("tool_choice").is_none());
    }

    #[test]
    fn response_tool_calls_keep_scalars_and_number_missing_ids() {
        let text = json!({"choices": [{"message": {"content": "", "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "f",
                "arguments": r#"{"s":"x","n":2,"b":true,"z":null,"l":[1],"o":{}}"#}},
            {"type": "function", "function": {"name": "g", "arguments": ""}},
        ]}}]})
        .to_string();
        let ModelTurn::ToolCalls(calls) = parse_response(&text).unwrap() else {
            panic!("expected tool calls");
        };
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].id, "a");
        assert_eq!(
            calls[0].arguments,
            BTreeMap::from([
                ("b".to_owned(), ToolArg::Bool(true)),
                ("n".to_owned(), ToolArg::Number(2.0)),
                ("s".to_owned(), ToolArg::Text("x".into())),
            ])
        );
        assert_eq!(calls[1].id, "call_1");
        assert_eq!(calls[1].name, "g");
        assert!(calls[1].arguments.is_empty());
    }

    #[test]
    fn response_without_usable_content_fails() {
        for text in [
            r#"{"choices":[{"message":{"content":"  "}}]}"#,
            r#"{"choices":[{"message":{"content":null,"tool_calls":[]}}]}"#,
            r#"{"choices":[]}"#,
            r#"{"error":{"message":"model not found"}}"#,
            r#"{"choices":[{"message":{"tool_calls":[{"function":{"name":"f","arguments":"{oops"}}]}}]}"#,
            r#"{"choices":[{"message":{"tool_calls":[{"function":{"arguments":"{}"}}]}}]}"#,
            "[1,2",
        ] {
            assert!(
                matches!(parse_response(text), Err(ModelError::Failure(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn content_parts_are_joined() {
        let text = r#"{"choices":[{"message":{"content":[{"type":"text","text":"Hi "},{"type":"text","text":"there"}]}}]}"#;
        assert_eq!(
            parse_response(text).unwrap(),
            ModelTurn::Answer("Hi there".into())
        );
    }

    #[test]
    fn failures_never_carry_the_api_key() {
        let mut config = ChatModelConfig::new("http://h/v1", "m");
        config.api_key = Some("sk-secret".into());
        let model = OpenAiChatModel::new(config);
        assert_eq!(
            model.redact("bad key sk-secret given".into()),
            "bad key [redacted] given"
        );
    }
}
