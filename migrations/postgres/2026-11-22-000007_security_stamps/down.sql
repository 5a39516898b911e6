DROP TABLE revoked_tokens;
ALTER TABLE users DROP COLUMN security_stamp;
