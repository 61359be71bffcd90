/**
 * `npm run dev` starts this when no language model is configured (scripts/dev.mjs): the contract
 * fake of /v1/chat/completions as a local stand-in, slowed so replies stream visibly. The server
 * is told LLM_TEST_PROVIDER=true, so the chat page says "test provider". `npm start` never runs it.
 */
import { startChatFake } from "./openai-chat-fake.ts";

const port = Number(process.env.CHAT_FAKE_PORT ?? 11435);
const fake = await startChatFake({
  port,
  model: process.env.CHAT_FAKE_MODEL ?? "gyeol-dev-standin",
  chunkDelayMs: 30,
  banner: "[test provider] ",
});
process.stdout.write(`[dev] stand-in language model (test provider) at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
