-- Password reset tokens (issue 26): at most one per account (a new request
-- replaces it), kept only as the SHA-256 of the token sent, deleted when
-- used, when the password changes by any route, or with the account.
CREATE TABLE password_resets (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TIMESTAMP NOT NULL
);
