/** Names and colours of the installed app, shared by the manifest, the console and the server. */
export const APP_NAME = 'АСКУЭ — консоль учёта электроэнергии'
export const APP_SHORT_NAME = 'АСКУЭ'
export const THEME_COLOR = '#1d4ed8'
export const BACKGROUND_COLOR = '#ffffff'
/** Release notes versions, newest first (administration.md section 9). */
export const RELEASE_VERSIONS = ['1.5.2', '1.3.3', '1.2.3'] as const
export const CURRENT_VERSION = RELEASE_VERSIONS[0]
