DROP TABLE household_members;
