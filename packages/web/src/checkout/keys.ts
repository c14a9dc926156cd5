/** Where the pay-as-you-go payment waits for its upload (survives the redirect to /upload). */
export const PAYG_STORAGE_KEY = 'statemint.payg';
