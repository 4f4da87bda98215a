import nodemailer, { type SendMailOptions } from 'nodemailer';
import { testConfig, type Config } from '../config';
import { createOutboxWorker } from '../modules/notifications';
import type { SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';

/**
 * An outbox worker of its own, as another instance would run, delivering the test app's outbox
 * to the SMTP sink. `handed`, when given, receives what the worker hands the mail transport
 * (subject, text, html, attachments) before any encoding; `pool` keeps connections open as the
 * app's own transport does.
 */
export function sinkWorker(
  env: TestApp,
  sink: SmtpSink,
  options: { config?: Partial<Config>; pool?: boolean; handed?: SendMailOptions[] } = {},
) {
  const { config, pool, handed } = options;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    ...(pool ? { pool } : {}),
  });
  if (handed) {
    const sendMail = transport.sendMail.bind(transport);
    transport.sendMail = ((message: SendMailOptions) => {
      handed.push(message);
      return sendMail(message);
    }) as typeof transport.sendMail;
  }
  return createOutboxWorker(
    {
      config: testConfig({ SMTP_URL: sink.url, ...config }),
      db: env.handle,
      now: () => env.now(),
      version: 'test',
    },
    { logger: env.app.log, transport },
  );
}
