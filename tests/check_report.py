#!/usr/bin/env python3
"""check_report.py - the HTML report of scripts/regress in a browser: a
regression with an injected bug that changes ActivePC (bra_u_any) writes
--html outside its output directory; headless Chromium (Debian's chromium)
loads the page, dumps the DOM it built and takes a screenshot.  The DOM has
every table (parameters, totals, failures, bugs), the plots, one lane x time
picture per failure with the differing PC marked, the coverage and profile
sections, and every link resolves to a file; the screenshot is a PNG of the
window's size.  Exit 77 (skipped) without chromium.

Usage: check_report.py --tb TB_LOCKSTEP --warpref WARPREF
Prints `N passed, N failed`."""
import argparse
import html.parser
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check  # noqa: E402

WIDTH, HEIGHT = 1280, 2400


class Page(html.parser.HTMLParser):
    """what the structure checks need of the DOM"""

    def __init__(self):
        super().__init__()
        self.ids, self.tables, self.hrefs, self.svgs, self.rows = set(), [], [], [], {}
        self.table = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a:
            self.ids.add(a['id'])
        if tag == 'table':
            self.table = a.get('id')
            self.tables.append(self.table)
            self.rows[self.table] = 0
        elif tag == 'tr' and self.table:
            self.rows[self.table] += 1
        elif tag == 'a' and 'href' in a:
            self.hrefs.append(a['href'])
        elif tag == 'svg':
            self.svgs.append(a.get('class', ''))

    def handle_endtag(self, tag):
        if tag == 'table':
            self.table = None


def chromium():
    for name in ('chromium', 'chromium-browser', 'google-chrome'):
        path = shutil.which(name)
        if path:
            return path
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--warpref', required=True)
    a = ap.parse_args()
    browser = chromium()
    if not browser:
        print('SKIP: no chromium (scripts/install-deps installs it)')
        return 77
    tmp = tempfile.mkdtemp(prefix='check-report-')
    out, page = os.path.join(tmp, 'out'), os.path.join(tmp, 'pages', 'night.html')
    os.makedirs(os.path.dirname(page))
    p = subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'regress'), '--tb', a.tb, '--warpref',
                        a.warpref, '-j', '1', '--quiet', '--seeds', '1-3', '--bug', 'bra_u_any', '--out', out,
                        '--html', page], capture_output=True, text=True, timeout=300)
    check('regression', p.returncode == 0 and os.path.exists(page) and not os.path.exists(
        os.path.join(out, 'report.html')), '%d\n%s%s' % (p.returncode, p.stdout, p.stderr))
    flags = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run',
             '--user-data-dir=' + os.path.join(tmp, 'profile')]
    url = 'file://' + urllib.parse.quote(page)
    d = subprocess.run([browser] + flags + ['--dump-dom', url], capture_output=True, text=True, timeout=120)
    dom = Page()
    dom.feed(d.stdout)
    check('chromium built the page', d.returncode == 0 and '</html>' in d.stdout, d.stderr[-500:])
    for t in ('params', 'totals', 'failures', 'bugs'):
        check('table ' + t, t in dom.tables and dom.rows.get(t, 0) >= 2, str(dom.rows))
    check('failures: one row per failing job', dom.rows.get('failures') == 1 + 3 - p.stdout.count(' pass '),
          str(dom.rows))
    check('coverage and profiles sections', ('coverage' in dom.tables or 'coverage-na' in dom.ids)
          and ('profiles' in dom.tables or 'profiles-na' in dom.ids), str(dom.ids))
    check('plots', 'plot-throughput' in dom.ids and 'plot-detection' in dom.ids and dom.svgs.count('plot') == 2,
          str(dom.svgs))
    nfail = dom.rows.get('failures', 1) - 1
    check('a lane x time picture per failure', dom.svgs.count('lanes') == nfail and nfail >= 1, str(dom.svgs))
    check('the differing ActivePC is marked', 'class="pc bad"' in d.stdout)
    missing = []
    rules_md = os.path.join(ROOT, 'docs', 'rules.md')
    anchors = {l[4:].strip().lower() for l in open(rules_md) if l.startswith('### ')}
    for h in dom.hrefs:
        if h.startswith('#'):
            if h[1:] not in dom.ids:
                missing.append(h)
            continue
        path, _, frag = h.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(path)))
        if not os.path.exists(target) or (frag and (target != rules_md or frag not in anchors)):
            missing.append(h)
    kinds = {os.path.basename(h.partition('#')[0]) for h in dom.hrefs}
    check('every link resolves', not missing and {'dump.txt', 'dump.json', 'waves.fst', 'log.txt', 'prog.s',
                                                   'junit.xml'} <= kinds, 'missing %s, kinds %s' % (missing, kinds))
    # every rule ID of the failures, bugs and coverage tables links to its entry in docs/rules.md
    rule_links = [h for h in dom.hrefs if h.partition('#')[0].endswith('docs/rules.md')]
    check('rules link to docs/rules.md', len(rule_links) >= nfail + 1 and
          any(h.endswith('#n-12') for h in rule_links), str(rule_links[:8]))
    png = os.path.join(tmp, 'shot.png')
    s = subprocess.run([browser] + flags + ['--window-size=%d,%d' % (WIDTH, HEIGHT), '--screenshot=' + png, url],
                       capture_output=True, text=True, timeout=120)
    head = open(png, 'rb').read(24) if os.path.exists(png) else b''
    size = struct.unpack('>II', head[16:24]) if head[:8] == b'\x89PNG\r\n\x1a\n' else None
    check('screenshot', s.returncode == 0 and size == (WIDTH, HEIGHT) and os.path.getsize(png) > 20000,
          '%s %s' % (size, s.stderr[-300:]))
    if os.environ.get('REPORT_SCREENSHOT'):
        shutil.copy(png, os.environ['REPORT_SCREENSHOT'])
    if not clitest.failed:
        shutil.rmtree(tmp)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
