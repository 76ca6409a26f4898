/// Starscope's stylesheet: GitHub-like, system fonts, quiet borders, light and dark.
enum StyleSheet {
    static let css = """
        :root{--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--subtle:#f6f8fa;--accent:#0969da;--star:#9a6700;
        --fav:#bf8700;--danger:#cf222e;--flash:#fff8c5;--banner:#fff8c5;--banner-fg:#3b2300;color-scheme:light}
        @media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--border:#3d444d;
        --subtle:#151b23;--accent:#4493f8;--star:#d29922;--fav:#e3b341;--danger:#f85149;--flash:#3b2e00;--banner:#3b2e00;--banner-fg:#f0e6c8;color-scheme:dark}}
        :root[data-theme=dark]{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--border:#3d444d;--subtle:#151b23;--accent:#4493f8;--star:#d29922;
        --fav:#e3b341;--danger:#f85149;--flash:#3b2e00;--banner:#3b2e00;--banner-fg:#f0e6c8;color-scheme:dark}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
        a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
        :focus-visible{outline:2px solid var(--accent);outline-offset:2px;border-radius:4px}
        .skip{position:absolute;left:-999px;top:0}.skip:focus{left:8px;z-index:10;background:var(--bg);padding:4px 8px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .top{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;padding:10px 16px;border-bottom:1px solid var(--border);background:var(--subtle)}
        .brand{font-weight:600;color:var(--fg);font-size:1.05rem}
        .top nav{display:flex;flex-wrap:wrap;gap:4px 14px}.top nav a{color:var(--muted);padding:2px 0}
        .top nav a[aria-current=page]{color:var(--fg);font-weight:600;border-bottom:2px solid var(--fav)}
        .banner{background:var(--banner);color:var(--banner-fg);padding:8px 16px;border-bottom:1px solid var(--border)}
        main{max-width:1280px;margin:0 auto;padding:0 16px 48px}
        h1{font-size:1.35rem;margin:16px 0 8px}h2{font-size:1.1rem;margin:24px 0 8px}
        .split{display:block}
        .list-head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
        .button,button{display:inline-flex;align-items:center;gap:4px;font:inherit;font-size:.9rem;padding:5px 12px;border-radius:6px;
        border:1px solid var(--border);background:var(--subtle);color:var(--fg);cursor:pointer;text-decoration:none;min-height:32px}
        .button:hover,button:hover{border-color:var(--muted);text-decoration:none}
        button.danger{color:var(--danger)}
        .segmented{display:inline-flex;border:1px solid var(--border);border-radius:6px;overflow:hidden;margin:4px 0 8px;flex-wrap:wrap}
        .segment{padding:5px 14px;color:var(--fg);border-right:1px solid var(--border)}.segment:last-child{border-right:0}
        .segment[aria-current]{background:var(--accent);color:#fff;font-weight:600}
        .filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0 8px}
        .filters label{font-size:.85rem;color:var(--muted)}
        input,select{font:inherit;font-size:.95rem;padding:5px 8px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);min-height:32px;max-width:100%}
        .filters input[type=search]{flex:1 1 10em;min-width:0}
        .field{display:inline-flex;align-items:center;gap:6px}.field.grow{flex:1 1 16em}
        .honest{color:var(--muted);font-size:.85rem;margin:4px 0 8px}
        .repo-list{list-style:none;margin:0;padding:0;border:1px solid var(--border);border-radius:8px}
        .repo-row{display:flex;gap:12px;align-items:flex-start;padding:12px;border-top:1px solid var(--border)}
        .repo-row:first-child{border-top:0}
        .repo-row.is-selected{background:var(--subtle)}
        .repo-row.is-favorite{box-shadow:inset 3px 0 0 var(--fav)}
        .avatar{border-radius:8px;flex:none;background:var(--subtle)}
        .row-main{flex:1;min-width:0}
        .row-head{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:12px;row-gap:2px}
        .repo-link{flex:0 1 auto;min-width:0;overflow-wrap:anywhere;font-size:1rem}
        .owner{font-weight:400}
        .stars{color:var(--star);white-space:nowrap;font-variant-numeric:tabular-nums;border-radius:4px;transition:background-color .6s}
        .stars.flash{background:var(--flash)}
        .gain{color:#1a7f37;font-weight:600;white-space:nowrap}.gain .span{color:var(--muted);font-weight:400}
        .description{margin:2px 0;overflow-wrap:anywhere;white-space:pre-line;max-height:6.2em;overflow:hidden}
        .detail .description{max-height:none}
        .description.empty{color:var(--muted);font-style:italic}
        .meta{margin:2px 0 0;color:var(--muted);font-size:.85rem;display:flex;gap:10px;flex-wrap:wrap}
        .lang{display:inline-flex;align-items:center;gap:5px}
        .lang-dot{width:10px;height:10px;border-radius:50%;background:var(--lang,#8c959f);display:inline-block;border:1px solid rgba(127,127,127,.3)}
        .tag{border:1px solid var(--border);border-radius:999px;padding:0 7px;font-size:.75rem}
        .fav-form{margin:0;flex:none}
        .fav{font-size:1.2rem;line-height:1;padding:4px 9px;color:var(--muted)}
        .fav[aria-pressed=true]{color:var(--fav);border-color:var(--fav)}
        .load-more{margin:12px auto;display:flex;justify-content:center;width:max-content}
        .empty-state,.error-state{padding:24px;border:1px dashed var(--border);border-radius:8px;text-align:center;color:var(--muted);margin:12px 0}
        .error-state{border-style:solid;border-color:var(--danger);color:var(--fg)}
        .detail-pane{display:none}
        .detail-placeholder{color:var(--muted);padding:48px 16px;text-align:center}
        .detail{padding:8px 0 24px}
        .detail-head{display:flex;gap:12px;align-items:center}
        .detail-head h1{flex:1;min-width:0;overflow-wrap:anywhere;margin:8px 0}
        .back{display:inline-block;margin:12px 0 4px}
        .topics{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}.topics li{background:var(--subtle);border:1px solid var(--border);border-radius:999px;padding:0 10px;font-size:.8rem;color:var(--accent)}
        .facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px 16px;margin:12px 0}
        .facts div{border:1px solid var(--border);border-radius:6px;padding:6px 10px}.facts dt{color:var(--muted);font-size:.8rem}.facts dd{margin:0;overflow-wrap:anywhere}
        .has-detail .list-pane{display:none}
        .has-detail .detail-pane{display:block}
        .pull-indicator{height:0;overflow:hidden;text-align:center;color:var(--muted);font-size:.85rem;transition:height .15s}
        .pulling .pull-indicator{height:28px}
        .settings{max-width:640px}.settings form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
        .settings label[for=token]{width:100%}.settings input[type=password]{flex:1 1 16em}
        fieldset{border:1px solid var(--border);border-radius:6px;display:flex;gap:16px;flex-wrap:wrap}
        .notice{background:var(--subtle);border:1px solid var(--border);border-radius:6px;padding:8px 12px}
        .warning{color:var(--danger)}.muted{color:var(--muted)}
        .count{color:var(--muted)}
        .archive{margin:16px 0}.archive form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
        .list-pane.single{max-width:860px}
        .profile{display:flex;gap:16px;align-items:center;margin-top:12px}.profile h1{margin:0}.profile-main{min-width:0}
        .bio{max-height:9em;overflow:auto}
        .people-list,.event-list{list-style:none;margin:0;padding:0;border:1px solid var(--border);border-radius:8px}
        .person-row,.event-row{display:flex;gap:12px;align-items:center;padding:8px 12px;border-top:1px solid var(--border)}
        .person-row:first-child,.event-row:first-child{border-top:0}
        .event-row p{margin:0}.person-link{font-weight:600;flex:1}
        .keyboard-focus{outline:2px solid var(--accent);outline-offset:-2px}
        @media (min-width:900px){
        .split{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,4fr);gap:24px;align-items:start}
        .has-detail .list-pane{display:block}
        .detail-pane{display:block;position:sticky;top:0;max-height:100vh;overflow:auto}
        .detail .back{display:none}
        }
        @media (max-width:899px){.detail-pane .detail-placeholder{display:none}}
        @media (prefers-reduced-motion:reduce){*{transition:none!important}}
        """
}
