// One e-mail's parts laid out twice (issue 44): a plain text whose lines read "Label: value"
// (the outbox view finds the links in it, ADR 036), and an HTML twin for a phone, light or dark.

export interface MailLinkPart {
  label: string;
  url: string;
}

export interface MailContent {
  language: string;
  greeting: string;
  /** The one sentence the mail is about; the HTML's heading. */
  headline: string;
  /** Sentences after the headline. */
  lead?: string[];
  /** "When: …", "Provider: …": what, when, who, where. */
  details: Array<{ label: string; value: string }>;
  /** What the clinic asks before the visit, its heading first. */
  notes?: { title: string; lines: string[] };
  /** Sentences after the details (the phone call, the confirmation said). */
  after?: string[];
  /** The one thing to do: a large button. */
  button?: MailLinkPart;
  /** Other links the patient may need: change or cancel, the calendar file. */
  links?: MailLinkPart[];
  closing?: string[];
  /** Who sent it and how to reach them; shown at the foot. */
  clinic?: { name: string; address?: string | null; phone?: string | null; sentBy: string };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

/** The plain-text part: one line per thing, each link on a line of its own after its label. */
export function mailText(mail: MailContent): string {
  const lines = [
    mail.greeting,
    `${mail.headline}.`,
    ...(mail.lead ?? []),
    ...mail.details.map((d) => `${d.label}: ${d.value}`),
    ...(mail.notes ? [mail.notes.title, ...mail.notes.lines] : []),
    ...(mail.after ?? []),
    ...[...(mail.button ? [mail.button] : []), ...(mail.links ?? [])].map(
      (link) => `${link.label}: ${link.url}`,
    ),
    ...(mail.closing ?? []),
  ];
  const foot = mail.clinic
    ? [
        '',
        '—',
        mail.clinic.name,
        ...(mail.clinic.address ? [oneLine(mail.clinic.address)] : []),
        ...(mail.clinic.phone ? [mail.clinic.phone] : []),
      ]
    : [];
  return [...lines.filter((line) => line.trim() !== ''), ...foot].join('\n');
}

// Colours chosen for contrast in both schemes (WCAG AA); mail clients that ignore the dark
// block keep the light one, which reads on any background because the card sets its own.
const STYLE = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
body{margin:0;padding:0;background:#f1f5f9;-webkit-text-size-adjust:100%}
.card{background:#ffffff;color:#0f172a}
.muted{color:#475569}
.label{color:#475569}
.button{background:#0f766e;color:#ffffff!important}
.link{color:#0f766e}
.notes{background:#fffbeb;color:#0f172a}
@media (prefers-color-scheme: dark){
  body,.outer{background:#020617!important}
  .card{background:#0f172a!important;color:#f1f5f9!important}
  .muted,.label{color:#cbd5e1!important}
  .button{background:#14b8a6!important;color:#042f2e!important}
  .link{color:#5eead4!important}
  .notes{background:#1e293b!important;color:#f1f5f9!important}
}
@media (max-width:480px){.card{padding:20px!important}.button{display:block!important}}
`;

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The HTML part: a single column no wider than a phone needs, every value escaped. */
export function mailHtml(mail: MailContent): string {
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 12px;${style}">${escapeHtml(text)}</p>`;
  const details = mail.details
    .map(
      (d) =>
        `<tr><td class="label" style="padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap;color:#475569">${escapeHtml(d.label)}</td>` +
        `<td style="padding:4px 0;vertical-align:top;font-weight:600">${escapeHtml(d.value).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  const notes = mail.notes
    ? `<div class="notes" style="margin:16px 0;padding:12px 16px;border-radius:8px;background:#fffbeb">` +
      `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(mail.notes.title)}</p>` +
      mail.notes.lines.map((line) => `<p style="margin:0">${escapeHtml(line)}</p>`).join('') +
      `</div>`
    : '';
  const button = mail.button
    ? `<p style="margin:24px 0"><a class="button" href="${escapeHtml(mail.button.url)}" ` +
      `style="display:inline-block;padding:14px 24px;border-radius:10px;background:#0f766e;color:#ffffff;font-weight:700;font-size:17px;text-decoration:none;text-align:center">` +
      `${escapeHtml(mail.button.label)}</a></p>`
    : '';
  const links = (mail.links ?? [])
    .map(
      (link) =>
        `<p style="margin:0 0 8px"><a class="link" href="${escapeHtml(link.url)}" style="color:#0f766e;text-decoration:underline">${escapeHtml(link.label)}</a></p>`,
    )
    .join('');
  const foot = mail.clinic
    ? `<p class="muted" style="margin:24px 0 0;font-size:13px;color:#475569">` +
      [
        `<strong>${escapeHtml(mail.clinic.name)}</strong>`,
        ...(mail.clinic.address
          ? [escapeHtml(mail.clinic.address.trim()).replace(/\r?\n/g, '<br>')]
          : []),
        ...(mail.clinic.phone
          ? [
              `<a class="link" href="tel:${escapeHtml(mail.clinic.phone.replace(/[^\d+]/g, ''))}" style="color:#0f766e">${escapeHtml(mail.clinic.phone)}</a>`,
            ]
          : []),
      ].join('<br>') +
      `</p>`
    : '';
  return (
    `<!doctype html><html lang="${escapeHtml(mail.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">` +
    `<title>${escapeHtml(mail.headline)}</title><style>${STYLE}</style></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9">` +
    `<div class="outer" style="padding:16px 8px;background:#f1f5f9;${FONT}">` +
    `<div class="card" style="max-width:560px;margin:0 auto;padding:28px;border-radius:14px;background:#ffffff;color:#0f172a;font-size:16px;line-height:1.5">` +
    p(mail.greeting) +
    `<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3">${escapeHtml(mail.headline)}</h1>` +
    (mail.lead ?? []).map((line) => p(line)).join('') +
    (details
      ? `<table role="presentation" style="border-collapse:collapse;margin:8px 0 4px;font-size:15px">${details}</table>`
      : '') +
    notes +
    (mail.after ?? []).map((line) => p(line)).join('') +
    button +
    links +
    (mail.closing ?? []).map((line) => p(line, 'font-size:14px')).join('') +
    foot +
    `</div></div></body></html>`
  );
}
