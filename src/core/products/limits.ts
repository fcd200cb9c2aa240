/** Widget §9: a visitor's recent products, and the cart's last items a recommendation is asked with, are 3 at most. */
export const MAX_RECENT_PRODUCTS = 3;
