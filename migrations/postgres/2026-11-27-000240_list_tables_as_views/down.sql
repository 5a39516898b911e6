CREATE TABLE kept_tastes AS SELECT * FROM profile_tastes;
CREATE TABLE kept_restrictions AS SELECT * FROM profile_restrictions;
CREATE TABLE kept_diet_types AS SELECT * FROM profile_diet_types;
DROP VIEW profile_tastes;
DROP VIEW profile_restrictions;
DROP VIEW profile_diet_types;
CREATE TABLE profile_tastes (
    profile_id BIGINT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    taste_id BIGINT NOT NULL REFERENCES tastes (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, taste_id)
);
CREATE TABLE profile_restrictions (
    profile_id BIGINT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    restriction_id BIGINT NOT NULL REFERENCES restrictions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, restriction_id)
);
CREATE TABLE profile_diet_types (
    profile_id BIGINT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    diet_type_id BIGINT NOT NULL REFERENCES diet_types (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, diet_type_id)
);
INSERT INTO profile_tastes SELECT * FROM kept_tastes;
INSERT INTO profile_restrictions SELECT * FROM kept_restrictions;
INSERT INTO profile_diet_types SELECT * FROM kept_diet_types;
DROP TABLE kept_tastes;
DROP TABLE kept_restrictions;
DROP TABLE kept_diet_types;
