/** The commands `/help` lists, in its order: every transport's test of `/help` expects the same. */
export const HELP_COMMANDS = ['/roll', '/init', '/hp', '/condition', '/attack', '/check', '/save', '/character', '/rest', '/config'];
