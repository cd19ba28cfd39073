/** Starts loading the app behind sign-in (antd, the shell) while a public page (sign-in) is open. */
export function preloadSignedInApp(): void {
  void import('./AntdLayout');
  void import('../shell/ShellLayout');
}
