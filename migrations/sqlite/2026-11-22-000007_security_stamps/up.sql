-- Every token carries its user's security stamp: a new stamp (logout
-- everywhere, a password change) ends every earlier token, and a token can
-- never name an account it was not issued for. Tokens of earlier releases
-- carry none and stop working: their users log in again.
ALTER TABLE users ADD COLUMN security_stamp TEXT NOT NULL DEFAULT '';
UPDATE users SET security_stamp = lower(hex(randomblob(16)));

-- Tokens logged out one by one, kept until they would have expired.
CREATE TABLE revoked_tokens (
    jti TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
