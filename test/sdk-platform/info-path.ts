/** The dev-server path where the browser tests learn the fake platform's address. */
export const PLATFORM_INFO_PATH = '/__sdk-platform__.json';
