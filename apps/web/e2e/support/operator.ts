/** The operator's details the journeys' server runs with (issue 30); journeys check the pages show them. */
export const E2E_OPERATOR = {
  OPERATOR_NAME: "주식회사 결",
  OPERATOR_NAME_EN: "Gyeol Inc.",
  OPERATOR_REPRESENTATIVE: "김결",
  OPERATOR_REPRESENTATIVE_EN: "Gyeol Kim",
  OPERATOR_BUSINESS_NUMBER: "123-45-67890",
  OPERATOR_MAIL_ORDER_NUMBER: "제2025-서울강남-01234호",
  OPERATOR_MAIL_ORDER_NUMBER_EN: "2025-Seoul Gangnam-01234",
  OPERATOR_ADDRESS: "서울특별시 강남구 테헤란로 123, 4층",
  OPERATOR_ADDRESS_EN: "4F, 123 Teheran-ro, Gangnam-gu, Seoul",
  OPERATOR_PHONE: "02-1234-5678",
  SUPPORT_EMAIL: "help@gyeol.example",
  PRIVACY_OFFICER: "박보호",
  PRIVACY_OFFICER_EN: "Boho Park",
};
