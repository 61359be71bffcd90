/** My Page image history paging (spec 02 §9 "My Page and chat"): 25 first, then 5 per Load more. */
export const MYPAGE_HISTORY_FIRST_PAGE_SIZE = 25;
export const MYPAGE_HISTORY_MORE_PAGE_SIZE = 5;
