#!/usr/bin/env python3
"""check_report.py - the HTML report of scripts/regress in a browser: a
regression with an injected bug that changes ActivePC (bra_u_any) writes
--html outside its output directory; headless Chromium (Debian's chromium)
loads the page, dumps the DOM it built and takes a screenshot.  The DOM has
every table (parameters, totals, failures, bugs), the plots, one lane x time
picture per failure with the differing PC marked and the failing step
framed, its PCs and instruction names as horizontal text, the coverage and
profile sections, and every link resolves to a file.  The first screen: a
copy of the page with a probe script that writes where the elements lie
into the DOM, loaded in a 1280 x 1200 window, puts the verdict ('bug
detected'), the table of contents, the first failure's row, its reproduce
command with its copy button and its whole picture within the first 1,200
px; the screenshot of that window is a PNG of its size.  Exit 77 (skipped)
without chromium.

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

WIDTH, HEIGHT = 1280, 1200          # the first screen

# appended to a copy of the page: where each element of the first screen
# lies (top and bottom in px from the page's top), written into the DOM
PROBE = """<script>
(function () {
  function put(name, el) {
    var d = document.createElement("div");
    d.className = "probe"; d.setAttribute("data-name", name);
    if (el) {
      var r = el.getBoundingClientRect();
      d.setAttribute("data-top", Math.round(r.top + window.scrollY));
      d.setAttribute("data-bottom", Math.round(r.bottom + window.scrollY));
      d.setAttribute("data-text", el.textContent.slice(0, 4000));
    }
    document.body.appendChild(d);
  }
  var row = document.querySelector("#failures tr.failure");
  var detail = row ? row.nextElementSibling : null;
  put("verdict", document.getElementById("verdict"));
  put("toc", document.getElementById("toc"));
  put("first-failure", row);
  put("reproduce", detail ? detail.querySelector("code.cmd") : null);
  put("copy", detail ? detail.querySelector("button.copy") : null);
  put("picture", detail ? detail.querySelector("svg.lanes") : null);
})();
</script>
"""


class Probe(html.parser.HTMLParser):
    """the probe's elements: name -> (top, bottom, text)"""

    def __init__(self):
        super().__init__()
        self.at = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'div' and a.get('class') == 'probe':
            top, bottom = a.get('data-top'), a.get('data-bottom')
            self.at[a['data-name']] = (int(top), int(bottom), a.get('data-text')) if top is not None else None


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
        elif tag == 'tr' and self.table and a.get('class') != 'detail':   # a failure's detail row: its own
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
    check('the failing step framed', 'class="fail"' in d.stdout and 'failing step' in d.stdout)
    pictures = [p.split('</svg>', 1)[0] for p in d.stdout.split('class="lanes"')[1:]]
    check('PCs and instruction names horizontal', pictures and all(
        'rotate(' not in p and '<text class="op"' in p and '<text class="pc' in p for p in pictures),
        '%d pictures' % len(pictures))
    check('the verdict in words', '>bug detected<' in d.stdout and '<nav class="toc" id="toc">' in d.stdout)
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
    # the first screen
    probe = os.path.join(os.path.dirname(page), 'probe.html')
    with open(probe, 'w') as f:
        f.write(open(page).read().replace('</body>', PROBE + '</body>'))
    d = subprocess.run([browser] + flags + ['--window-size=%d,%d' % (WIDTH, HEIGHT), '--dump-dom',
                                            'file://' + urllib.parse.quote(probe)],
                       capture_output=True, text=True, timeout=120)
    at = Probe()
    at.feed(d.stdout)
    for name in ('verdict', 'toc', 'first-failure', 'reproduce', 'copy', 'picture'):
        where = at.at.get(name)
        check('first screen: ' + name, where is not None and 0 <= where[0] < where[1] <= HEIGHT,
              '%s at %s' % (name, where))
    check('first screen: the verdict says it', (at.at.get('verdict') or (0, 0, ''))[2] == 'bug detected',
          str(at.at.get('verdict')))
    check('first screen: the reproduce command', ' +bug=bra_u_any ' in (at.at.get('reproduce') or (0, 0, ''))[2],
          str(at.at.get('reproduce')))
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
