// Runs in the browser, inline at the top of a prerendered page's <body> (prerender.mjs puts it
// there; the server allows it by its hash, web-app.ts), before anything is painted (issue 29 item 4).
//
// Until Pretendard swaps in, a prerendered page is set in the device's own Korean face sized to
// Pretendard's metrics (styles.css "Pretendard Fallback"), so nothing moves at the swap. Those
// sizes are measured on Noto Sans CJK KR; other Korean faces are wider or narrower (Hangul in
// UnDotum 8% wider than in Noto, in NanumGothic 2% wider, in NanumBarunGothic 3% narrower), and
// Apple SD Gothic Neo's and Malgun Gothic's widths could not be had at all. So this script finds
// the first Korean face the device has; where that is not Noto Sans CJK KR, it measures it on three
// samples (Hangul, English text, the space in the page's language) at Regular and Bold and declares
// "Pretendard Fallback Device": that face with size-adjust set so each sample is as wide as
// Pretendard sets it, per weight band, and Pretendard's line height. A few small layouts of a
// hidden box before the page's content is parsed. Where the device has Noto Sans CJK KR or no
// Korean face the script knows, or the browser has no size-adjust, nothing changes.
(() => {
  const root = document.documentElement;
  if (root.dataset.fonts !== "after-paint" || !document.body || !("sizeAdjust" in FontFace.prototype)) return;

  /**
   * Samples: Hangul (every Korean face sets it at one width), the site's English with its spaces
   * taken out (within 0.7% of all of its English, letter for letter, in seven faces at five weights),
   * and ten spaces in the page's language (Noto Sans CJK's space is wider in Korean).
   */
  const HANGUL = "보정사진결피부";
  const LATIN =
    "Theretouchkeepsyourskin'sowntexture:pores,finelinesandcharacter.Uploadaportrait,pickastyleand" +
    "getitbackinseconds.Creditscomewitheachmonthlyplan(Basic,Deluxe,Premium)oroneoffpacks;unusedones" +
    "arerefunded.Questions?Contactsupport.";
  const SPACES = "          ";
  /**
   * Pretendard's widths of HANGUL, LATIN and SPACES at 100 px, at 400, 500, 600, 700 and 800: what
   * Chromium lays out (scripts/measure-fallback-widths.ts prints them; delivery.e2e.ts checks them).
   */
  const PRETENDARD = {
    hangul: [604.98, 604.98, 604.98, 604.98, 604.98],
    latin: [10886.83, 11127.95, 11368.66, 11608.56, 11850.53],
    spaces: [250.98, 244.14, 237.8, 230.97, 224.61],
  };
  /** Pretendard's ascent and descent, of the em: the line height every fallback keeps. */
  const ASCENT = 0.952;
  const DESCENT = 0.241;
  /** styles.css's weight bands, each set at its middle weight by Pretendard. */
  const BANDS = ["100 449", "450 549", "550 649", "650 749", "750 1000"];
  const BAND_WEIGHTS = [400, 500, 600, 700, 800];
  /** The Hangul blocks (as styles.css's Hangul faces). */
  const HANGUL_RANGE = "U+1100-11FF,U+3130-318F,U+A960-A97F,U+AC00-D7AF,U+D7B0-D7FF";
  /**
   * Korean faces, in styles.css's order of preference: the family, then the names local() finds
   * its Regular and Bold by (full name and PostScript name).
   */
  const FACES = [
    [
      "Apple SD Gothic Neo",
      ["AppleSDGothicNeo-Regular"],
      ["Apple SD Gothic Neo Bold", "AppleSDGothicNeo-Bold"],
    ],
    ["Malgun Gothic", ["MalgunGothic", "MalgunGothicRegular"], ["Malgun Gothic Bold", "MalgunGothicBold"]],
    ["Noto Sans CJK KR", ["NotoSansCJKkr-Regular"], ["Noto Sans CJK KR Bold", "NotoSansCJKkr-Bold"]],
    ["Noto Sans KR", ["NotoSansKR-Regular"], ["Noto Sans KR Bold", "NotoSansKR-Bold"]],
    ["Source Han Sans K", ["SourceHanSansK-Regular"], ["Source Han Sans K Bold", "SourceHanSansK-Bold"]],
    ["NanumGothic", [], ["NanumGothic Bold", "NanumGothicBold"]],
    ["NanumBarunGothic", [], ["NanumBarunGothic Bold", "NanumBarunGothicBold"]],
    ["UnDotum", [], ["UnDotum Bold", "UnDotumBold"]],
  ];
  /**
   * PROBE's width at 100 px in styles.css's "Pretendard Fallback" when it resolves to Noto Sans CJK
   * KR, the face its sizes were measured on (delivery.e2e.ts checks it).
   */
  const MEASURED_PROBE_WIDTH = 449.625;

  const box = document.createElement("div");
  box.setAttribute("aria-hidden", "true");
  box.style.cssText = "position:absolute;top:0;left:0;visibility:hidden;white-space:pre;pointer-events:none";
  /** Each text's width in each font (one layout of this small box: the page is not parsed yet). */
  const widths = (fonts, texts) => {
    const spans = texts.flatMap((text) =>
      fonts.map((font) => {
        const element = document.createElement("span");
        element.style.font = font;
        element.textContent = text;
        box.append(element, document.createElement("br"));
        return element;
      }),
    );
    document.body.append(box);
    const measured = spans.map((element) => element.getBoundingClientRect().width);
    box.remove();
    box.replaceChildren();
    return measured;
  };
  // Which face the device has. First styles.css's own "Pretendard Fallback" (the page looks its
  // local() faces up anyway): where it resolves to Noto Sans CJK KR, the face its sizes were
  // measured on, PROBE has the width measured below, and the static sizes stay (Android, Linux).
  // Otherwise the faces are asked for by name, one at a time, in order: a span asking for a face
  // the device lacks is set in monospace. A Mac looks up one face, a Windows PC two.
  const PROBE = "WimoAIg9";
  const [measuredFace] = widths(['400 100px "Pretendard Fallback",monospace'], [PROBE]);
  if (Math.abs(measuredFace - MEASURED_PROBE_WIDTH) < 0.5) return;
  const [plain] = widths(["400 100px monospace"], [PROBE]);
  const face = FACES.find(
    ([family]) => Math.abs(widths([`400 100px "${family}",monospace`], [PROBE])[0] - plain) > 0.5,
  );
  if (!face) return;
  const [family, regularNames, boldNames] = face;
  const measured = widths(
    [400, 700].map((weight) => `${weight} 100px "${family}",monospace`),
    [HANGUL, LATIN, SPACES],
  );
  // [hangul, latin, spaces] at Regular, then at Bold.
  const regular = [measured[0], measured[2], measured[4]];
  const bold = [measured[1], measured[3], measured[5]];

  const percent = (value) => `${(value * 100).toFixed(2)}%`;
  // The family's own name finds its Regular (a Bold is found by its own names only).
  const sources = (names) => names.map((name) => `local("${name}")`).join(",");
  const rules = BANDS.flatMap((band, at) => {
    const [hangul, latin, spaces] = BAND_WEIGHTS[at] < 550 ? regular : bold;
    const src = sources(BAND_WEIGHTS[at] < 550 ? [family, ...regularNames] : boldNames);
    return [
      [PRETENDARD.latin[at] / latin, ""],
      [PRETENDARD.spaces[at] / spaces, "unicode-range:U+0020,U+00A0;"],
      [PRETENDARD.hangul[at] / hangul, `unicode-range:${HANGUL_RANGE};`],
    ].map(
      ([scale, range]) =>
        `@font-face{font-family:"Pretendard Fallback Device";font-weight:${band};src:${src};${range}` +
        `size-adjust:${percent(scale)};ascent-override:${percent(ASCENT / scale)};` +
        `descent-override:${percent(DESCENT / scale)};line-gap-override:0%}`,
    );
  });
  const style = document.createElement("style");
  // styles.css puts --font-device first among the fallback faces.
  style.textContent = `${rules.join("")}:root{--font-device:"Pretendard Fallback Device"}`;
  document.head.append(style);
  root.dataset.fallback = "device";
})();
