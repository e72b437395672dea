/** The one way the site shows money: yuan as the server's decimal text, "¥0.005", "¥12.50". */
export const formatYuan = (amount: string) => `¥${amount}`;
