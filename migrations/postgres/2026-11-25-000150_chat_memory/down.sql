DROP TABLE chat_memory;
