/**
 * User agents of crawlers, link previews, monitors, scripts and automated browsers: their page views are not a
 * visitor's. A beacon without a user agent is not a browser's either.
 */
const BOT =
  /[a-z]bot\/|\bbot\b|duckduckbot|crawl|spider|slurp|scrap|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python|java\/|go-http|node-fetch|axios|okhttp|libwww|httpclient|phantomjs|puppeteer|playwright|selenium/i;

export const looksLikeBot = (userAgent: string | undefined): boolean => !userAgent?.trim() || BOT.test(userAgent);
