-- Counters of the login and sign-up rate limits, shared by every instance.
-- scope 1: a client address's token bucket (mark = theoretical arrival
-- time of the next request, hits = 1 when the last one was allowed, else 0);
-- scope 2: an e-mail's login attempts (mark = start of the window, hits =
-- attempts in it). Times are microseconds since the Unix epoch; a row whose
-- `expires` has passed holds nothing and may be deleted at any time.
CREATE TABLE rate_limits (
    scope SMALLINT NOT NULL,
    subject TEXT NOT NULL,
    mark BIGINT NOT NULL,
    hits INTEGER NOT NULL,
    expires BIGINT NOT NULL,
    PRIMARY KEY (scope, subject)
);
CREATE INDEX rate_limits_expires ON rate_limits (expires);
