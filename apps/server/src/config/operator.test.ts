import { DEFAULT_SUPPORT_HOURS } from "@gyeol/shared/operator";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { operatorWarning } from "./operator.ts";

const FULL = {
  OPERATOR_NAME: "주식회사 결",
  OPERATOR_NAME_EN: "Gyeol Inc.",
  OPERATOR_REPRESENTATIVE: "김결",
  OPERATOR_REPRESENTATIVE_EN: "Gyeol Kim",
  OPERATOR_BUSINESS_NUMBER: "1234567890",
  OPERATOR_MAIL_ORDER_NUMBER: "제2025-서울강남-01234호",
  OPERATOR_MAIL_ORDER_NUMBER_EN: "2025-Seoul Gangnam-01234",
  OPERATOR_ADDRESS: "서울특별시 강남구 테헤란로 1",
  OPERATOR_ADDRESS_EN: "1 Teheran-ro, Gangnam-gu, Seoul",
  OPERATOR_PHONE: "02-1234-5678",
  SUPPORT_EMAIL: "help@gyeol.example",
  PRIVACY_OFFICER: "박보호 (CPO)",
  PRIVACY_OFFICER_EN: "Bo-ho Park (CPO)",
};

describe("the operator's details (issue 30)", () => {
  it("reads every detail in both languages and writes the business number as 000-00-00000", () => {
    const config = loadConfig(FULL);
    expect(config.operator.ko).toEqual({
      name: "주식회사 결",
      representative: "김결",
      businessNumber: "123-45-67890",
      mailOrderNumber: "제2025-서울강남-01234호",
      address: "서울특별시 강남구 테헤란로 1",
      phone: "02-1234-5678",
      supportEmail: "help@gyeol.example",
      supportHours: DEFAULT_SUPPORT_HOURS.ko,
      privacyOfficer: "박보호 (CPO)",
    });
    expect(config.operator.en).toMatchObject({
      name: "Gyeol Inc.",
      representative: "Gyeol Kim",
      businessNumber: "123-45-67890",
      address: "1 Teheran-ro, Gangnam-gu, Seoul",
      supportHours: DEFAULT_SUPPORT_HOURS.en,
      privacyOfficer: "Bo-ho Park (CPO)",
    });
    expect(config.supportEmail).toBe("help@gyeol.example");
    expect(config.operatorMissing).toEqual([]);
    expect(operatorWarning(config.operatorMissing)).toBeUndefined();
  });

  it("uses a value given in one language only in both", () => {
    const config = loadConfig({
      OPERATOR_NAME: "주식회사 결",
      OPERATOR_ADDRESS_EN: "Seoul",
      SUPPORT_HOURS: "평일 10:00~19:00",
    });
    expect(config.operator.en.name).toBe("주식회사 결");
    expect(config.operator.ko.address).toBe("Seoul");
    expect(config.operator.en.supportHours).toBe("평일 10:00~19:00");
  });

  it("leaves out what is not set and names every missing variable in the start-up warning", () => {
    const config = loadConfig({ OPERATOR_NAME: "주식회사 결" });
    expect(config.operator.ko).toEqual({ name: "주식회사 결", supportHours: DEFAULT_SUPPORT_HOURS.ko });
    expect(config.operatorMissing).toEqual([
      "OPERATOR_REPRESENTATIVE",
      "OPERATOR_BUSINESS_NUMBER",
      "OPERATOR_MAIL_ORDER_NUMBER",
      "OPERATOR_ADDRESS",
      "OPERATOR_PHONE",
      "SUPPORT_EMAIL",
      "PRIVACY_OFFICER",
    ]);
    const warning = operatorWarning(config.operatorMissing);
    expect(warning).toContain("OPERATOR_REPRESENTATIVE, OPERATOR_BUSINESS_NUMBER");
    expect(warning).toContain("leave these lines out");
    expect(loadConfig({}).operatorMissing).toContain("OPERATOR_NAME");
  });

  it("refuses a wrong business number, phone, e-mail or a value with a line break, naming each", () => {
    const bad = () =>
      loadConfig({
        OPERATOR_BUSINESS_NUMBER: "123-45-678",
        OPERATOR_PHONE: "call us",
        SUPPORT_EMAIL: "not-an-address",
        OPERATOR_ADDRESS: "서울\n강남",
        OPERATOR_NAME: "x".repeat(101),
      });
    expect(bad).toThrow(ConfigError);
    const message = (() => {
      try {
        bad();
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      "OPERATOR_BUSINESS_NUMBER",
      "OPERATOR_PHONE",
      "SUPPORT_EMAIL",
      "OPERATOR_ADDRESS",
      "OPERATOR_NAME",
    ])
      expect(message).toContain(name);
  });
});
