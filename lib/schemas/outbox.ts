/** A message in the development outbox (`GET /api/v1/dev/outbox`). */
export type OutboxEntry = {
  id: string;
  channel: 'email' | 'phone';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
};
