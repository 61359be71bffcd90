/**
 * The tool platform's strings (`tool.*`): what every image tool says the same way — sign-in,
 * uploads, the run button, result states, history, downloads and share links.
 */
export const toolKo = {
  loginRequired: "로그인이 필요해요.",
};
