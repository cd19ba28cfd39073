// Endpoints of the session, profile and shell contract (docs/api-session.md), in one place.
const ACCESS = 'utilsapi/access';
const PROFILE = 'utilsapi/clientinfoapi/user-profile';

export const publicKey = `${ACCESS}/public-key`;
export const login = `${ACCESS}/login`;
export const logout = `${ACCESS}/logout`;
export const userState = `${ACCESS}/user-state`;
export const switchPlatform = `${ACCESS}/switch-plt`;
export const switchToken = `${ACCESS}/switch-token`;
export const requestPasswordResetLink = `${ACCESS}/request-password-reset-link`;

export const saveSetting = `${PROFILE}/save-setting`;
export const saveFavouriteMenus = `${PROFILE}/save-favourite-menus`;
export const removeFavouriteMenus = `${PROFILE}/remove-favourite-menus`;
export const myDashSetting = `${PROFILE}/my-dash-setting`;
export const myWorkspaceHomeSetting = `${PROFILE}/my-workspace-home-setting`;
