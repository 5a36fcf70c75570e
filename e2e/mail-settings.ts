// Where the browser tests' SMTP stand-in listens and keeps what it receives, and how often the
// portal under test sends its sale digest (seconds, not an hour: a test waits for the next one).
export const E2E_MAIL = {
  port: Number(process.env.E2E_SMTP_PORT ?? 3198),
  // E2E_TMP lets two runs on one machine keep apart (each with its own ports too).
  dir: `${process.env.E2E_TMP ?? '.tmp'}/e2e-mail`,
  digestSeconds: 4,
} as const;
