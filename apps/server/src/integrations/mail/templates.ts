import { formatDuration } from "@certame/domain";

/**
 * The platform's e-mails, in pt-BR, each as a text and an HTML part of the same content. A template
 * writes blocks (paragraphs, a link button, a quoted text), never markup: the renderer escapes every
 * value it puts into the HTML, so a name or a rejection reason holding `<script>` arrives as text.
 * The spec quotes no e-mail text (notices-and-accounts §4 only says who is e-mailed what); these are ours.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One piece of a message body. */
export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; url: string }
  /** A text of someone else (a rejection reason), kept with its line breaks and set apart. */
  | { kind: "quote"; text: string };

const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });
const button = (label: string, url: string): MailBlock => ({ kind: "button", label, url });
const quote = (text: string): MailBlock => ({ kind: "quote", text });

/** Where the e-mailed links lead in the web app (the sign-up slices serve these pages). */
export const MAIL_PATHS = {
  emailConfirmation: "/confirmar-email",
  passwordReset: "/redefinir-senha",
  staffInvitation: "/definir-senha",
  login: "/login",
  /** Where a rejected registration is corrected and completed again, by kind. */
  buyerRegistration: "/cadastro-de-orgao",
  supplierRegistration: "/cadastro-de-fornecedor",
  subscriptions: "/assinaturas",
} as const;

export const MAIL_FOOTER = "Esta é uma mensagem automática do Certame. Não responda.";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** A link of the web app at PUBLIC_URL (a path prefix in PUBLIC_URL is kept). */
export function appLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${publicUrl.replace(/\/+$/, "")}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

const SAFE_LINK = /^https?:\/\//i;

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c92a2a;background:#fff5f5">${escapeHtml(block.text).replace(/\r?\n/g, "<br>")}</blockquote>`;
    case "button": {
      // Only http(s) links: a javascript: URL would otherwise become a clickable href.
      if (!SAFE_LINK.test(block.url)) throw new Error(`Link de e-mail inválido: ${block.url}`);
      const href = escapeHtml(block.url);
      return (
        `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p>`
      );
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "quote":
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join("\n");
    case "button":
      return `${block.label}:\n${block.url}`;
  }
}

/** The common layout: the Certame header, the blocks, the footer; text and HTML of the same content. */
export function renderLayout(subject: string, blocks: MailBlock[]): RenderedMail {
  const cleanSubject = subject.replace(/[\r\n]+/g, " ").trim();
  const text = ["Certame", "", ...blocks.flatMap((b) => [blockText(b), ""]), "--", MAIL_FOOTER, ""].join(
    "\n",
  );
  const html = [
    "<!doctype html>",
    '<html lang="pt-BR">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(cleanSubject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">',
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    '<div style="background:#1c7ed6;color:#ffffff;padding:16px 24px;font-size:22px;font-weight:bold">Certame</div>',
    '<div style="background:#ffffff;padding:24px;font-size:15px;line-height:1.5">',
    ...blocks.map(blockHtml),
    "</div>",
    `<p style="font-size:12px;color:#868e96;padding:0 24px">${escapeHtml(MAIL_FOOTER)}</p>`,
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { subject: cleanSubject, text, html };
}

/** A one-time link's validity as the message states it. */
const validity = (validForMs: number) =>
  `Este link vale por ${formatDuration(validForMs)} e só pode ser usado uma vez.`;

/** Who registered: a public body (buyer) or a supplier. */
export type RegistrationKind = "BUYER" | "SUPPLIER";

/** The data of each template. */
export interface MailTemplateData {
  /** Sign-up: confirm the e-mail address through a one-time link. */
  emailConfirmation: { name: string; token: string; validForMs: number };
  /** 'Esqueci minha senha': choose a new password through a one-time link. */
  passwordReset: { name: string; token: string; validForMs: number };
  /** A public body's staff user invited by the body: set a password through a one-time link. */
  staffInvitation: { name: string; buyerName: string; token: string; validForMs: number };
  /** The platform staff approved the registration (§4 "Buyer registration"). */
  registrationApproved: { name: string; kind: RegistrationKind; entityName: string };
  /** The platform staff rejected the registration, with the reason (§4 "Buyer registration"). */
  registrationRejected: { name: string; kind: RegistrationKind; entityName: string; reason: string };
  /** A purchase was recorded: what was bought and how to pay it (issue 14). */
  chargeIssued: {
    name: string;
    description: string;
    amount: string;
    method: "boleto" | "pix";
    /** The boleto's formatted digitable line, or the Pix copy-and-paste code. */
    code: string;
    /** 'dd/mm/aaaa' (boleto) or 'dd/mm/aaaa hh:mm' (Pix). */
    payableUntil: string;
  };
  /** The payment was confirmed: the receipt (issue 14). */
  paymentConfirmed: { name: string; description: string; amount: string; paidAt: string; result: string };
  /** A clarification request or a challenge on a notice, to its auctioneer (Lei 14.133 art. 164; issue 19). */
  clarificationRequested: {
    name: string;
    challenge: boolean;
    noticeNumber: string;
    text: string;
    /** 'dd/mm/aaaa': the answer's legal deadline. */
    answerDue: string;
    path: string;
  };
  /** The body's answer (a challenge's with its decision), to whoever asked. */
  clarificationAnswered: {
    name: string;
    challenge: boolean;
    noticeNumber: string;
    /** 'Deferida' or 'Indeferida' for a challenge. */
    decision: string | null;
    answer: string;
    path: string;
  };
  /** The body decided a supplier's proposal in a direct procedure (issue 19 item 2). */
  directProposalDecided: {
    name: string;
    noticeNumber: string;
    buyerName: string;
    kindLabel: string;
    approved: boolean;
    reason: string | null;
    noticeId: string;
  };
  /**
   * An appeal in a direct procedure (Lei 14.133 art. 165; issue 19 item 2): to the body's auctioneers
   * (`counterDue` null) and to the supplier whose proposal it is against (`counterDue` its term).
   */
  directAppealFiled: {
    name: string;
    noticeNumber: string;
    appellantName: string;
    /** What is appealed against, e.g. "a reprovação da proposta de X". */
    subject: string;
    text: string;
    /** 'dd/mm/aaaa': the counter-arguments' term, for the other party. */
    counterDue: string | null;
    /** 'dd/mm/aaaa': when the decision is due. */
    decisionDue: string;
    noticeId: string;
  };
  /** The body judged an appeal: to the appellant and to the other party. */
  directAppealJudged: {
    name: string;
    noticeNumber: string;
    subject: string;
    /** 'Deferido' or 'Indeferido'. */
    decision: string;
    reasoning: string;
    noticeId: string;
  };
  /** The body replied to a message of a direct procedure's forum (issue 19 item 2). */
  directForumReplied: {
    name: string;
    noticeNumber: string;
    buyerName: string;
    reply: string;
    noticeId: string;
  };
}

export type MailTemplate = keyof MailTemplateData;

const TEMPLATES: { [K in MailTemplate]: (data: MailTemplateData[K], publicUrl: string) => RenderedMail } = {
  emailConfirmation: (d, publicUrl) =>
    renderLayout("Confirme seu e-mail no Certame", [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        "Recebemos seu cadastro no Certame. Para ativar seu acesso, confirme seu endereço de e-mail:",
      ),
      button("Confirmar e-mail", appLink(publicUrl, MAIL_PATHS.emailConfirmation, { token: d.token })),
      paragraph(validity(d.validForMs)),
      paragraph("Se você não se cadastrou no Certame, ignore esta mensagem."),
    ]),
  passwordReset: (d, publicUrl) =>
    renderLayout("Redefinição de senha do Certame", [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        "Recebemos um pedido para redefinir a senha da sua conta no Certame. Para criar uma nova senha:",
      ),
      button("Redefinir senha", appLink(publicUrl, MAIL_PATHS.passwordReset, { token: d.token })),
      paragraph(validity(d.validForMs)),
      paragraph("Se você não pediu a redefinição, ignore esta mensagem: sua senha atual continua valendo."),
    ]),
  staffInvitation: (d, publicUrl) =>
    renderLayout(`Convite para acessar o Certame — ${d.buyerName}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        `Você foi cadastrado(a) como usuário(a) do órgão ${d.buyerName} no Certame. Para acessar a plataforma, defina sua senha:`,
      ),
      button("Definir senha", appLink(publicUrl, MAIL_PATHS.staffInvitation, { token: d.token })),
      paragraph(validity(d.validForMs)),
    ]),
  registrationApproved: (d, publicUrl) =>
    renderLayout("Cadastro aprovado no Certame", [
      paragraph(`Olá, ${d.name}.`),
      paragraph(`O cadastro de ${d.entityName} foi analisado e aprovado pela equipe do Certame.`),
      paragraph(
        d.kind === "BUYER"
          ? "O órgão já pode publicar processos na plataforma."
          : "A empresa já pode participar dos processos publicados na plataforma.",
      ),
      button("Acessar o Certame", appLink(publicUrl, MAIL_PATHS.login)),
    ]),
  registrationRejected: (d, publicUrl) =>
    renderLayout("Cadastro não aprovado no Certame", [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        `O cadastro de ${d.entityName} foi analisado pela equipe do Certame e não foi aprovado. Motivo:`,
      ),
      quote(d.reason),
      paragraph(
        "Corrija o cadastro e conclua-o novamente: uma nova análise começa quando o cadastro for concluído.",
      ),
      button(
        "Corrigir cadastro",
        appLink(
          publicUrl,
          d.kind === "BUYER" ? MAIL_PATHS.buyerRegistration : MAIL_PATHS.supplierRegistration,
        ),
      ),
    ]),
  chargeIssued: (d, publicUrl) =>
    renderLayout(`Pagamento pendente: ${d.description}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(`Registramos sua compra no Certame: ${d.description}, no valor de ${d.amount}.`),
      paragraph(
        d.method === "boleto"
          ? `Pague o boleto até ${d.payableUntil}. Linha digitável:`
          : `Pague pelo Pix até ${d.payableUntil}. Código Pix copia e cola:`,
      ),
      quote(d.code),
      paragraph("A compra vale assim que o pagamento for confirmado; você receberá outro e-mail."),
      button("Ver minhas assinaturas", appLink(publicUrl, MAIL_PATHS.subscriptions)),
    ]),
  directProposalDecided: (d, publicUrl) =>
    renderLayout(`${d.approved ? "Proposta aprovada" : "Proposta reprovada"}: ${d.noticeNumber}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        `${d.buyerName} analisou o envio '${d.kindLabel}' no processo ${d.noticeNumber} e ${d.approved ? "o aprovou" : "não o aprovou. Motivo:"}`,
      ),
      ...(d.approved || !d.reason ? [] : [quote(d.reason)]),
      button("Ver o resultado", appLink(publicUrl, `/procedimentos-auxiliares/${d.noticeId}/resultados`)),
    ]),
  directForumReplied: (d, publicUrl) =>
    renderLayout(`Resposta no fórum de mensagens: ${d.noticeNumber}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(`${d.buyerName} respondeu à sua mensagem no fórum do processo ${d.noticeNumber}:`),
      quote(d.reply),
      button("Ver o fórum de mensagens", appLink(publicUrl, `/forum-de-mensagens/${d.noticeId}`)),
    ]),
  paymentConfirmed: (d, publicUrl) =>
    renderLayout(`Pagamento confirmado: ${d.description}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(`Recebemos o pagamento de ${d.amount} em ${d.paidAt}, referente a ${d.description}.`),
      paragraph(d.result),
      paragraph("Guarde este e-mail como comprovante."),
      button("Ver minhas assinaturas", appLink(publicUrl, MAIL_PATHS.subscriptions)),
    ]),
  clarificationRequested: (d, publicUrl) =>
    renderLayout(
      `${d.challenge ? "Nova impugnação" : "Novo pedido de esclarecimento"} no edital ${d.noticeNumber}`,
      [
        paragraph(`Olá, ${d.name}.`),
        paragraph(
          `${d.challenge ? "Foi registrada uma impugnação" : "Foi registrado um pedido de esclarecimento"} no edital ${d.noticeNumber}:`,
        ),
        quote(d.text),
        paragraph(`A resposta deve ser publicada até ${d.answerDue} (Lei 14.133/2021, art. 164).`),
        button("Responder", appLink(publicUrl, d.path)),
      ],
    ),
  clarificationAnswered: (d, publicUrl) =>
    renderLayout(
      `${d.challenge ? "Decisão da sua impugnação" : "Resposta ao seu pedido de esclarecimento"} — edital ${d.noticeNumber}`,
      [
        paragraph(`Olá, ${d.name}.`),
        paragraph(
          d.challenge
            ? `Sua impugnação ao edital ${d.noticeNumber} foi julgada: ${d.decision ?? ""}. Fundamentação:`
            : `Seu pedido de esclarecimento sobre o edital ${d.noticeNumber} foi respondido:`,
        ),
        quote(d.answer),
        button("Ver no edital", appLink(publicUrl, d.path)),
      ],
    ),
  directAppealFiled: (d, publicUrl) =>
    renderLayout(`Recurso interposto no processo ${d.noticeNumber}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(`${d.appellantName} interpôs recurso contra ${d.subject} no processo ${d.noticeNumber}:`),
      quote(d.text),
      paragraph(
        d.counterDue
          ? `Você pode apresentar contrarrazões até ${d.counterDue} (Lei 14.133/2021, art. 165, § 4º).`
          : `A decisão deve ser proferida até ${d.decisionDue} (Lei 14.133/2021, art. 165, § 2º).`,
      ),
      button(
        d.counterDue ? "Apresentar contrarrazões" : "Ver o recurso",
        appLink(
          publicUrl,
          d.counterDue ? `/interpor-recurso/${d.noticeId}` : `/visualizar-recursos/${d.noticeId}`,
        ),
      ),
    ]),
  directAppealJudged: (d, publicUrl) =>
    renderLayout(`Recurso julgado no processo ${d.noticeNumber}`, [
      paragraph(`Olá, ${d.name}.`),
      paragraph(
        `O recurso contra ${d.subject} no processo ${d.noticeNumber} foi julgado: ${d.decision}. Fundamentação:`,
      ),
      quote(d.reasoning),
      button("Ver o recurso", appLink(publicUrl, `/visualizar-recursos/${d.noticeId}`)),
    ]),
};

/** Renders a template into a message's subject, text and HTML; links lead to PUBLIC_URL. */
export function renderMail<K extends MailTemplate>(
  template: K,
  data: MailTemplateData[K],
  publicUrl: string,
): RenderedMail {
  return TEMPLATES[template](data, publicUrl);
}
