/**
 * SLOT — My Page image history (spec 02 §2.5: Retouch, Generate, Image Edit, Face Edit tabs,
 * prompt search, thumbnail grid, Load more, full-screen viewer). Built by the image-history
 * issue; it replaces this component's body and keeps the export, so MyPage needs no change.
 * Until then it renders nothing: a half-made panel would look broken to users.
 */
export function MyPageHistorySlot({ userId: _userId }: { userId: number }) {
  return null;
}
