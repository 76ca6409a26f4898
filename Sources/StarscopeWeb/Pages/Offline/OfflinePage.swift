/// `/offline`: what the installed app opens, from the service worker's shell, for a page this
/// device did not keep while Starscope cannot be reached. The same for everyone (no account's
/// data), so it is kept with the app's own files and survives signing out.
struct OfflinePage: Page {
    var section: PageContext.Section { .none }
}
