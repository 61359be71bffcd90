/**
 * The sandbox checkout page, server-rendered and self-contained (inline CSS, no script, no outside
 * assets; the site's font, Pretendard, from this server: sandbox-fonts.ts). It says plainly that it
 * is the built-in test checkout and that no money moves.
 */
import { escapeHtml } from "@gyeol/shared/html";
import type { TPricedItem } from "../price-book.ts";
import { sandboxFontFaces } from "./sandbox-fonts.ts";

export type TPageLocale = "ko" | "en";

export type TCheckoutPage =
  | { locale: TPageLocale; state: "missing" }
  | {
      locale: TPageLocale;
      state: "open" | "done";
      checkoutId: string;
      item: TPricedItem;
      email: string;
      /** The anti-CSRF token of this checkout's form (sandbox-checkout-token.ts). */
      formToken: string;
      error?: "card" | "details" | "expired";
    };

const TEXT = {
  ko: {
    title: "결 테스트 결제",
    badge: "샌드박스 · 실제 결제 아님",
    lead: "내장 테스트 결제 화면입니다. 실제 카드 결제나 청구가 일어나지 않습니다.",
    order: "주문 내용",
    plan: { basic: "베이직", deluxe: "디럭스", premium: "프리미엄" },
    monthly: "매월",
    perMonth: "/ 월",
    credits: "크레딧",
    account: "계정",
    cardNumber: "카드 번호",
    expiry: "유효기간 (MM/YY)",
    cvc: "CVC",
    name: "카드 소유자 이름",
    pay: "테스트 결제하기",
    cancel: "취소하고 요금제로 돌아가기",
    testCards: "테스트 카드",
    succeeds: "결제 성공",
    declines: "결제 거절",
    anyFuture: "유효기간은 미래의 아무 날짜, CVC는 아무 3자리 숫자",
    errorCard: "테스트 카드 번호만 쓸 수 있습니다. 아래 목록을 확인해 주세요.",
    errorDetails: "유효기간(MM/YY)과 CVC(3~4자리)를 확인해 주세요.",
    errorExpired:
      "결제 양식이 만료되었거나 이 사이트에서 보낸 것이 아니어서 결제하지 않았습니다. 아래 양식으로 다시 시도해 주세요.",
    done: "이 결제는 이미 완료되었습니다.",
    doneLink: "결제 완료 화면으로",
    missing: "결제 세션을 찾을 수 없습니다",
    missingLead: "링크가 잘못되었거나 만료되었습니다. 요금제 화면에서 다시 시작해 주세요.",
    back: "요금제로 돌아가기",
    language: "English",
  },
  en: {
    title: "Gyeol test checkout",
    badge: "Sandbox · no real money",
    lead: "This is the built-in test checkout. No card is charged and no money moves.",
    order: "Your order",
    plan: { basic: "Basic", deluxe: "Deluxe", premium: "Premium" },
    monthly: "monthly",
    perMonth: "/ month",
    credits: "credits",
    account: "Account",
    cardNumber: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    name: "Name on card",
    pay: "Pay (test)",
    cancel: "Cancel and return to pricing",
    testCards: "Test cards",
    succeeds: "succeeds",
    declines: "is declined",
    anyFuture: "Any future expiry date and any 3-digit CVC",
    errorCard: "Only test card numbers work here; see the list below.",
    errorDetails: "Check the expiry (MM/YY) and the CVC (3 or 4 digits).",
    errorExpired:
      "Nothing was charged: this form had expired or did not come from this site. Please try again with the form below.",
    done: "This payment has already been completed.",
    doneLink: "Go to the payment result",
    missing: "Checkout session not found",
    missingLead: "The link is wrong or has expired. Please start again from the pricing page.",
    back: "Back to pricing",
    language: "한국어",
  },
} as const;

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:"Pretendard Variable",Pretendard,-apple-system,BlinkMacSystemFont,"Apple SD Gothic Neo","Noto Sans KR","Malgun Gothic",system-ui,sans-serif;background:linear-gradient(160deg,#f5f3ff 0%,#eef2ff 45%,#f8fafc 100%);color:#0f172a;display:flex;align-items:center;justify-content:center;padding:24px}
.card{width:100%;max-width:460px;background:#fff;border-radius:20px;box-shadow:0 20px 50px -20px rgba(79,70,229,.35),0 2px 6px rgba(15,23,42,.06);overflow:hidden}
.head{padding:22px 26px;background:#0f172a;color:#fff;display:flex;justify-content:space-between;align-items:center;gap:12px}
.head h1{font-size:18px;margin:0;letter-spacing:-.01em}.badge{font-size:12px;font-weight:600;background:#fbbf24;color:#451a03;border-radius:999px;padding:4px 10px;white-space:nowrap}
.body{padding:24px 26px 26px}.lead{margin:0 0 18px;color:#475569;font-size:14px;line-height:1.5}
.order{border:1px solid #e2e8f0;border-radius:14px;padding:14px 16px;margin-bottom:20px;background:#f8fafc}
.order h2{margin:0 0 8px;font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#64748b}
.row{display:flex;justify-content:space-between;align-items:baseline;gap:12px;font-size:15px;margin:4px 0}.row strong{font-size:20px}.muted{color:#64748b;font-size:13px}
.row.wrap{flex-wrap:wrap;gap:4px 12px}.nowrap{white-space:nowrap}.email{min-width:0;overflow-wrap:anywhere;text-align:right}
body{word-break:keep-all}
label{display:block;font-size:13px;font-weight:600;color:#334155;margin:12px 0 6px}
input{width:100%;padding:11px 12px;border:1px solid #cbd5e1;border-radius:10px;font-size:15px;font-family:inherit;background:#fff}
input:focus{outline:2px solid #6366f1;outline-offset:1px;border-color:#6366f1}
.two{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:20px;width:100%;padding:13px;border:0;border-radius:12px;background:#4f46e5;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
button:hover{background:#4338ca}
.error{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;border-radius:10px;padding:10px 12px;font-size:14px;margin-bottom:12px}
.hint{margin-top:18px;border-top:1px dashed #cbd5e1;padding-top:14px;font-size:13px;color:#475569}
.hint code{font-family:ui-monospace,SFMono-Regular,Menlo,"Pretendard Variable",monospace;background:#eef2ff;color:#3730a3;padding:2px 6px;border-radius:6px}
.hint ul{margin:6px 0;padding-left:18px}
.links{display:flex;justify-content:space-between;margin-top:16px;font-size:13px}.links a{color:#4f46e5;text-decoration:none}
`;

function layout(locale: TPageLocale, title: string, inner: string): string {
  const t = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${sandboxFontFaces()}${STYLE}</style>
</head>
<body>
<main class="card">
<div class="head"><h1>${escapeHtml(t.title)}</h1><span class="badge">${escapeHtml(t.badge)}</span></div>
<div class="body">${inner}</div>
</main>
</body>
</html>`;
}

function describeItem(locale: TPageLocale, item: TPricedItem) {
  const t = TEXT[locale];
  const credits = `${item.credits.toLocaleString("en-US")} ${t.credits}`;
  if (item.kind === "plan") {
    return {
      name: t.plan[item.item],
      price: `$${item.priceUsd} ${t.perMonth}`,
      credits: `${credits} ${t.monthly}`,
    };
  }
  return { name: item.name, price: `$${item.priceUsd}`, credits };
}

export function renderSandboxCheckoutPage(page: TCheckoutPage): string {
  const t = TEXT[page.locale];
  const prefix = page.locale === "en" ? "/en" : "";
  if (page.state === "missing") {
    return layout(
      page.locale,
      t.missing,
      `<h2>${escapeHtml(t.missing)}</h2><p class="lead">${escapeHtml(t.missingLead)}</p>
<div class="links"><a href="${prefix}/pricing">${escapeHtml(t.back)}</a></div>`,
    );
  }
  const item = describeItem(page.locale, page.item);
  const order = `<section class="order"><h2>${escapeHtml(t.order)}</h2>
<div class="row"><span>${escapeHtml(item.name)}</span><strong>${escapeHtml(item.price)}</strong></div>
<div class="row wrap"><span class="muted nowrap">${escapeHtml(item.credits)}</span><span class="muted email">${escapeHtml(t.account)}: ${escapeHtml(page.email)}</span></div>
</section>`;
  const otherLocale = page.locale === "en" ? "ko" : "en";
  const languageLink = `<a href="/sandbox/checkout/${page.checkoutId}?lang=${otherLocale}">${escapeHtml(t.language)}</a>`;
  if (page.state === "done") {
    return layout(
      page.locale,
      t.title,
      `<p class="lead">${escapeHtml(t.done)}</p>${order}
<div class="links"><a href="${prefix}/payment-success">${escapeHtml(t.doneLink)}</a>${languageLink}</div>`,
    );
  }
  const errorText = { card: t.errorCard, details: t.errorDetails, expired: t.errorExpired };
  // The code lets a script (and the tests) tell the refusal from a card error without reading prose.
  const errorCode = page.error === "expired" ? ' data-code="CSRF_TOKEN_INVALID"' : "";
  const error = page.error
    ? `<div class="error" role="alert"${errorCode}>${escapeHtml(errorText[page.error])}</div>`
    : "";
  return layout(
    page.locale,
    t.title,
    `<p class="lead">${escapeHtml(t.lead)}</p>${order}${error}
<form method="post" action="/sandbox/checkout/${page.checkoutId}" autocomplete="off">
<input type="hidden" name="lang" value="${page.locale}">
<input type="hidden" name="csrf_token" value="${escapeHtml(page.formToken)}">
<label for="card_number">${escapeHtml(t.cardNumber)}</label>
<input id="card_number" name="card_number" inputmode="numeric" placeholder="4242 4242 4242 4242" required>
<div class="two">
<div><label for="expiry">${escapeHtml(t.expiry)}</label><input id="expiry" name="expiry" placeholder="12/34" required></div>
<div><label for="cvc">${escapeHtml(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div>
</div>
<label for="name">${escapeHtml(t.name)}</label>
<input id="name" name="name" autocomplete="cc-name">
<button type="submit">${escapeHtml(t.pay)} · ${escapeHtml(item.price)}</button>
</form>
<div class="hint"><strong>${escapeHtml(t.testCards)}</strong>
<ul><li><code>4242 4242 4242 4242</code> ${escapeHtml(t.succeeds)}</li><li><code>4000 0000 0000 0002</code> ${escapeHtml(t.declines)}</li></ul>
${escapeHtml(t.anyFuture)}</div>
<div class="links"><a href="${prefix}/pricing">${escapeHtml(t.cancel)}</a>${languageLink}</div>`,
  );
}
