/** Username-setup rule (spec part 2 §5): 3 to 20 letters, digits or underscores. */
export const USERNAME_RE = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_HINT = 'Username can only contain letters, numbers, and underscores';
export const USERNAME_INVALID = 'Please enter a username with at least 3 characters';
