// Where the browser tests' SMTP stand-in listens and keeps what it receives, and how often the
// portal under test sends its sale digest (seconds, not an hour: a test waits for the next one).
export const E2E_MAIL = {
  port: Number(process.env.E2E_SMTP_PORT ?? 3198),
  dir: '.tmp/e2e-mail',
  digestSeconds: 4,
} as const;
