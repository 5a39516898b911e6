//! Which module of a crate uses which, read from its sources, and the
//! circles among them.
//!
//! A module is a source file (`src/a/b.rs` and `src/a/b/mod.rs` are
//! `a::b`; inline modules such as `mod tests { … }` belong to their file).
//! Module `m` uses module `n` when `m`'s code (comments and string
//! literals aside) names a path through `n` with `crate::…`, `self::…` or
//! `super::…`, in a `use` (groups included) or anywhere else; a name the
//! crate root re-exports (`crate::Recipe`) counts as a use of the module
//! it comes from. A module and its ancestors are one hierarchy, not a
//! circle, so uses between them are left out.
//!
//! [`ModuleGraph::folders`] reads the same uses a level up: each top-level
//! module (a folder such as `food/`, or a single file such as `choice.rs`)
//! with everything below it is one node, so two folders that use each
//! other through different files are a circle even when no two modules
//! are.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// The modules of one crate and the modules each uses.
pub struct ModuleGraph {
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

impl ModuleGraph {
    /// Reads every `.rs` file under `src`.
    pub fn read(src: &Path) -> Self {
        let mut files = Vec::new();
        let mut dirs = vec![src.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("source directory reads") {
                let path = entry.expect("directory entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let relative = path
                        .strip_prefix(src)
                        .expect("below src")
                        .to_string_lossy()
                        .replace('\\', "/");
                    let text = std::fs::read_to_string(&path).expect("source reads");
                    files.push((relative, text));
                }
            }
        }
        Self::from_files(files)
    }

    /// The graph of files given as (path below `src`, text).
    pub fn from_files(files: impl IntoIterator<Item = (String, String)>) -> Self {
        let files: Vec<(Vec<String>, String)> = files
            .into_iter()
            .map(|(path, text)| (module_of(&path), strip(&text)))
            .collect();
        let modules: BTreeSet<Vec<String>> = files.iter().map(|(m, _)| m.clone()).collect();
        let root_text = files
            .iter()
            .find(|(m, _)| m.is_empty())
            .map(|(_, t)| t.as_str())
            .unwrap_or("");
        let reexports = reexports(root_text, &modules);
        let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for (module, text) in &files {
            let used = edges.entry(module.clone()).or_default();
            for (inline, path) in paths(text) {
                let mut here = module.clone();
                here.extend(inline);
                let Some(target) = resolve(&here, &path, &modules, &reexports) else {
                    continue;
                };
                if !is_prefix(&target, module) && !is_prefix(module, &target) {
                    used.insert(target);
                }
            }
        }
        Self { edges }
    }

    /// Number of modules.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// The graph of the crate's top-level modules: `a` uses `b` when any
    /// module in or below `a` uses one in or below `b`. The crate root,
    /// which holds them all, is left out.
    pub fn folders(&self) -> Self {
        let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for (module, used) in &self.edges {
            let Some(top) = module.first() else {
                continue;
            };
            let uses = edges.entry(vec![top.clone()]).or_default();
            for target in used {
                if let Some(other) = target.first()
                    && other != top
                {
                    uses.insert(vec![other.clone()]);
                }
            }
        }
        Self { edges }
    }

    /// One circle per group of modules that reach each other, shortest
    /// from the group's first module, as `a -> b -> a`.
    pub fn cycles(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut done: BTreeSet<&Vec<String>> = BTreeSet::new();
        for start in self.edges.keys() {
            if done.contains(start) {
                continue;
            }
            let group: BTreeSet<&Vec<String>> = self
                .edges
                .keys()
                .filter(|m| self.reaches(start, m) && self.reaches(m, start))
                .collect();
            done.extend(group.iter().copied());
            if group.len() < 2 {
                continue;
            }
            if let Some(circle) = self.shortest_circle(start) {
                out.push(
                    circle
                        .iter()
                        .map(|m| name(m))
                        .collect::<Vec<_>>()
                        .join(" -> "),
                );
            }
        }
        out
    }

    fn reaches(&self, from: &Vec<String>, to: &Vec<String>) -> bool {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(m) = stack.pop() {
            if m == to {
                return true;
            }
            if seen.insert(m) {
                stack.extend(self.edges.get(m).into_iter().flatten());
            }
        }
        false
    }

    fn shortest_circle(&self, start: &Vec<String>) -> Option<Vec<Vec<String>>> {
        let mut came_from: BTreeMap<&Vec<String>, &Vec<String>> = BTreeMap::new();
        let mut queue: VecDeque<&Vec<String>> = VecDeque::from([start]);
        while let Some(m) = queue.pop_front() {
            for next in self.edges.get(m).into_iter().flatten() {
                if next == start {
                    // m, its predecessor, …, start; then reversed.
                    let mut path = vec![m.clone()];
                    let mut at = m;
                    while at != start {
                        at = came_from[at];
                        path.push(at.clone());
                    }
                    path.reverse();
                    path.push(start.clone());
                    return Some(path);
                }
                if !came_from.contains_key(next) {
                    came_from.insert(next, m);
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

fn is_prefix(a: &[String], b: &[String]) -> bool {
    a.len() <= b.len() && b[..a.len()] == *a
}

/// `a/b.rs`, `a/b/mod.rs` → `a::b`; `lib.rs`, `main.rs` → the root.
fn module_of(path: &str) -> Vec<String> {
    let path = path.trim_end_matches(".rs");
    let mut parts: Vec<String> = path.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.clear();
    }
    parts
}

/// The code without comments, string and character literals (each
/// replaced by a space; line breaks kept).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
            }
            'r' if (c.get(i + 1) == Some(&'"') || c.get(i + 1) == Some(&'#'))
                && (i == 0 || !is_ident(c[i - 1])) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    out.push(c[i]);
                    i += 1;
                    continue;
                }
                j += 1;
                loop {
                    if j >= c.len() {
                        break;
                    }
                    if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                i = j;
                out.push(' ');
            }
            '"' => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push(' ');
            }
            '\'' if c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'') => {
                i += 1;
                while i < c.len() && c[i] != '\'' {
                    if c[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push(' ');
            }
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Every path starting `crate::`, `self::` or `super::` (use groups
/// expanded), with the inline modules it sits in.
fn paths(code: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut depth = 0usize;
    // Inline modules open: (name, depth inside its braces).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((name, depth));
            }
            i += 1;
            continue;
        }
        if ch == '}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if ch == ';' {
            pending_mod = None;
        }
        if is_ident(ch) && (i == 0 || !is_ident(c[i - 1])) {
            let (word, end) = ident_at(&c, i);
            let preceded_by_path = i >= 2 && c[i - 1] == ':' && c[i - 2] == ':';
            if word == "mod" {
                let (name, after) = ident_at(&c, skip_ws(&c, end));
                if !name.is_empty() {
                    pending_mod = Some(name);
                    i = after;
                    continue;
                }
            }
            if matches!(word.as_str(), "crate" | "self" | "super")
                && !preceded_by_path
                && c.get(skip_ws(&c, end)) == Some(&':')
            {
                let (trees, after) = use_tree(&c, i);
                let here: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                out.extend(trees.into_iter().map(|t| (here.clone(), t)));
                i = after;
                continue;
            }
            i = end;
            continue;
        }
        i += 1;
    }
    out
}

fn skip_ws(c: &[char], mut i: usize) -> usize {
    while i < c.len() && c[i].is_whitespace() {
        i += 1;
    }
    i
}

fn ident_at(c: &[char], i: usize) -> (String, usize) {
    let mut j = i;
    while j < c.len() && is_ident(c[j]) {
        j += 1;
    }
    (c[i..j].iter().collect(), j)
}

/// The paths of a use tree (or a plain path) starting at `i`, and where
/// it ends.
fn use_tree(c: &[char], i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = skip_ws(c, i);
    loop {
        if c.get(i) == Some(&'{') {
            let mut all = Vec::new();
            i += 1;
            loop {
                i = skip_ws(c, i);
                match c.get(i) {
                    None => return (all, i),
                    Some('}') => return (all, i + 1),
                    Some(',') => i += 1,
                    _ => {
                        let (trees, after) = use_tree(c, i);
                        for t in trees {
                            let mut p = prefix.clone();
                            p.extend(t);
                            all.push(p);
                        }
                        if after == i {
                            i += 1;
                        } else {
                            i = after;
                        }
                    }
                }
            }
        }
        let (word, end) = ident_at(c, i);
        if word.is_empty() {
            return (vec![prefix], i);
        }
        prefix.push(word);
        let next = skip_ws(c, end);
        if c.get(next) == Some(&':') && c.get(next + 1) == Some(&':') {
            i = skip_ws(c, next + 2);
        } else {
            return (vec![prefix], end);
        }
    }
}

/// The module a path from module `here` goes through.
fn resolve(
    here: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
    reexports: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let mut full: Vec<String> = Vec::new();
    let mut rest = path.iter().peekable();
    match rest.next()?.as_str() {
        "crate" => {}
        "self" => full.extend_from_slice(here),
        "super" => {
            full.extend_from_slice(here);
            full.pop()?;
            while rest.peek().is_some_and(|s| *s == "super") {
                rest.next();
                full.pop()?;
            }
        }
        _ => return None,
    }
    full.extend(rest.filter(|s| *s != "self").cloned());
    let known = (0..=full.len())
        .rev()
        .find(|&n| modules.contains(&full[..n].to_vec()))?;
    if known == 0
        && let Some(first) = full.first()
        && let Some(module) = reexports.get(first)
    {
        return Some(module.clone());
    }
    Some(full[..known].to_vec())
}

/// Names the root re-exports (`pub use a::b::{X, Y as Z}`), by the module
/// they come from.
fn reexports(root: &str, modules: &BTreeSet<Vec<String>>) -> BTreeMap<String, Vec<String>> {
    let c: Vec<char> = root.chars().collect();
    let mut out = BTreeMap::new();
    let mut i = 0;
    while i < c.len() {
        let (word, end) = ident_at(&c, i);
        if word == "use" && (i == 0 || !is_ident(c[i - 1])) {
            let (trees, after) = use_tree(&c, skip_ws(&c, end));
            for t in trees {
                let Some(last) = t.last() else {
                    continue;
                };
                // `X as Z` leaves `as` and `Z` after the path.
                let alias = after_as(&c, after).unwrap_or_else(|| last.clone());
                let path: Vec<String> = t.iter().filter(|s| *s != "crate").cloned().collect();
                if let Some(n) = (1..path.len())
                    .rev()
                    .find(|&n| modules.contains(&path[..n].to_vec()))
                {
                    out.insert(alias, path[..n].to_vec());
                }
            }
            i = after;
        } else if word.is_empty() {
            i += 1;
        } else {
            i = end;
        }
    }
    out
}

fn after_as(c: &[char], i: usize) -> Option<String> {
    let (word, end) = ident_at(c, skip_ws(c, i));
    if word == "as" {
        let (alias, _) = ident_at(c, skip_ws(c, end));
        Some(alias)
    } else {
        None
    }
}
