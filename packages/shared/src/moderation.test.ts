import { describe, expect, it } from "vitest";
import {
  composeJamo,
  DEFAULT_BANNED_KEYWORDS,
  FALLBACK_BANNED_KEYWORDS,
  findBannedKeyword,
  normalizeForModeration,
} from "./moderation.ts";

const list = DEFAULT_BANNED_KEYWORDS;

describe("banned keywords in Korean and English (issue 27)", () => {
  it("keeps the spec's fallback list as it is and adds Korean words to the server's default", () => {
    expect(FALLBACK_BANNED_KEYWORDS).toEqual(["nude", "breast", "hot body", "sexy", "bikini"]);
    for (const word of FALLBACK_BANNED_KEYWORDS) expect(list).toContain(word);
    expect(list).toEqual(expect.arrayContaining(["비키니", "누드", "섹시", "알몸"]));
  });

  it("catches the Korean words as written, inside words and with particles", () => {
    expect(findBannedKeyword("비키니 입은 모델", list)).toBe("비키니");
    expect(findBannedKeyword("비키니를 입고 해변에서", list)).toBe("비키니");
    expect(findBannedKeyword("누드 사진", list)).toBe("누드");
    expect(findBannedKeyword("가슴노출 드레스", list)).toBe("가슴 노출");
  });

  it("catches spacing, separators, jamo, width, look-alike letters and digits", () => {
    expect(findBannedKeyword("비 키 니 모델", list)).toBe("비키니");
    expect(findBannedKeyword("비.키.니", list)).toBe("비키니");
    expect(findBannedKeyword("누_드", list)).toBe("누드");
    expect(findBannedKeyword("ㅂㅣㅋㅣㄴㅣ 입은", list)).toBe("비키니");
    expect(findBannedKeyword("ㅅㅔㄱㅅㅣ한 포즈", list)).toBe("섹시");
    expect(findBannedKeyword("비\u200b키니", list)).toBe("비키니");
    expect(findBannedKeyword("ＢＩＫＩＮＩ model", list)).toBe("bikini");
    expect(findBannedKeyword("b\u0456k\u0456n\u0456 model", list)).toBe("bikini"); // Cyrillic і
    expect(findBannedKeyword("a s3xy pose", list)).toBe("sexy");
    expect(findBannedKeyword("$exy", list)).toBe("sexy");
    expect(findBannedKeyword("n u d e study", list)).toBe("nude");
    expect(findBannedKeyword("n.u.d.e", list)).toBe("nude");
    expect(findBannedKeyword("hot-body", list)).toBe("hot body");
    expect(findBannedKeyword("HOT   BODY", list)).toBe("hot body");
    expect(findBannedKeyword("hotbody", list)).toBe("hot body");
  });

  it("leaves ordinary prompts alone", () => {
    for (const text of [
      "menu design for a cafe",
      "해야 한다",
      "나 체크무늬 셔츠",
      "a shot bodyguard in the rain",
      "창가에 앉은 여성, 부드러운 오후 햇살",
      "4k portrait, 85mm lens, 1080p",
      "수영복 대신 원피스를 입은 모델",
    ]) {
      expect(findBannedKeyword(text, list), text).toBeNull();
    }
  });

  it("composes jamo and normalises words apart", () => {
    expect(composeJamo("ㅂㅣㅋㅣㄴㅣ")).toBe("비키니");
    expect(composeJamo("ㄱㅏㅇ")).toBe("강");
    expect(composeJamo("ㅎㅏㄴㄱㅡㄹ")).toBe("한글");
    expect(composeJamo("ㅋㅋ 그대로")).toBe("ㅋㅋ 그대로");
    expect(normalizeForModeration("  Hello,   WORLD!! ")).toBe("hello world");
  });

  it("names the keyword as the list spells it", () => {
    expect(findBannedKeyword("a Lingerie shoot", ["Lingerie"])).toBe("Lingerie");
    expect(findBannedKeyword("anything", ["", "  "])).toBeNull();
  });
});
