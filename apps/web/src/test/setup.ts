// Test setup for the web unit tests (jsdom).
export {};
