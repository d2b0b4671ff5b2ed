package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab/observe"
)

// recordBrowser pages through a topic partition's records as Kafka TUIs do: offset,
// timestamp, key, value and headers; enter opens a record whole (JSON values indented).
// The lab reads the records; the browser only asks for pages.
type recordBrowser struct {
	e      *env
	topics []observe.Topic
	ti, pi int
	from   int64
	page   *observe.Page
	err    string
	sel    int
	detail bool
	view   textView
	w, h   int
	seq    int // the newest page asked for; older answers are dropped
}

const recordPage = 200

type recordsMsg struct {
	seq  int
	page *observe.Page
	err  error
}

func newRecordBrowser(e *env, topic string) *recordBrowser {
	m := &recordBrowser{e: e}
	if e.snap != nil {
		m.topics = e.snap.Topics
	}
	for i, t := range m.topics {
		if t.Name == topic {
			m.ti = i
		}
	}
	return m
}

func (m *recordBrowser) Dialog() bool { return false }
func (m *recordBrowser) SetSize(w, h int) {
	m.w, m.h = w, h
	m.view.SetSize(w-2, h-4)
}

// load asks the lab for a page from offset from of the chosen partition.
func (m *recordBrowser) load() tea.Cmd {
	if len(m.topics) == 0 || m.e.lab == nil {
		return nil
	}
	t := m.topics[m.ti]
	if m.pi >= len(t.Partitions) {
		m.pi = 0
	}
	m.seq++
	seq, lb, ctx := m.seq, m.e.lab, m.e.ctx
	topic, part, from := t.Name, t.Partitions[m.pi].ID, m.from
	return func() tea.Msg {
		p, err := lb.Records(ctx, topic, part, from, recordPage)
		return recordsMsg{seq: seq, page: p, err: err}
	}
}

func (m *recordBrowser) Update(msg tea.Msg) tea.Cmd {
	if r, ok := msg.(recordsMsg); ok && r.seq == m.seq {
		m.page, m.err, m.sel = r.page, "", 0
		if r.err != nil {
			m.err = oneLine(r.err.Error())
		}
	}
	return nil
}

func (m *recordBrowser) Keys() help.KeyMap {
	k := []key.Binding{keyUpDown, bind("tab", "next partition", "tab"), bind("[ ]", "topic", "]"),
		bind("pgdn/pgup", "next/previous page", "pgdown"), bind("enter", "open record", "enter"), keyClose}
	return keys{short: k, full: [][]key.Binding{k}}
}

func (m *recordBrowser) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.detail {
		switch msg.String() {
		case "esc", "q", "enter":
			m.detail = false
			return nil, true
		}
		return nil, m.view.HandleKey(msg)
	}
	n := 0
	if m.page != nil {
		n = len(m.page.Records)
	}
	switch msg.String() {
	case "esc", "q":
		return emit(closeModalMsg{}), true
	case "up", "k":
		m.sel = max(0, m.sel-1)
	case "down", "j":
		m.sel = max(0, min(n-1, m.sel+1))
	case "tab", "right":
		if len(m.topics) > 0 {
			m.pi = (m.pi + 1) % max(1, len(m.topics[m.ti].Partitions))
			m.from = 0
			return m.load(), true
		}
	case "shift+tab", "left":
		if len(m.topics) > 0 {
			np := max(1, len(m.topics[m.ti].Partitions))
			m.pi = (m.pi + np - 1) % np
			m.from = 0
			return m.load(), true
		}
	case "]", "[":
		if len(m.topics) > 0 {
			d := 1
			if msg.String() == "[" {
				d = len(m.topics) - 1
			}
			m.ti, m.pi, m.from = (m.ti+d)%len(m.topics), 0, 0
			return m.load(), true
		}
	case "pgdown", " ":
		if m.page != nil && n > 0 && m.page.Records[n-1].Offset+1 < m.page.End {
			m.from = m.page.Records[n-1].Offset + 1
			return m.load(), true
		}
	case "pgup", "b":
		if m.page != nil && m.from > m.page.Start {
			m.from = max(m.page.Start, m.from-recordPage)
			return m.load(), true
		}
	case "g":
		m.from = 0
		return m.load(), true
	case "G":
		if m.page != nil {
			m.from = max(m.page.Start, m.page.End-recordPage)
			return m.load(), true
		}
	case "enter":
		if n > 0 {
			m.detail = true
			m.view.SetLines(recordDetail(m.e, m.page.Records[m.sel], m.w-2))
			m.view.Top()
		}
	}
	return nil, true
}

func recordDetail(e *env, r observe.Record, w int) []string {
	t := e.th
	out := []string{
		fmt.Sprintf("%s %d  %s %s", t.Muted.Render("offset"), r.Offset, t.Muted.Render("timestamp"), r.Timestamp.UTC().Format("2006-01-02 15:04:05.000 UTC")),
		fmt.Sprintf("%s %s", t.Muted.Render("key"), orNull(r.Key, r.Key == "" && r.Null)),
	}
	if len(r.Headers) > 0 {
		out = append(out, t.Muted.Render("headers"))
		for _, h := range r.Headers {
			out = append(out, "  "+h.Key+" = "+h.Value)
		}
	}
	out = append(out, t.Muted.Render("value"))
	if r.Null {
		out = append(out, "  null (a tombstone)")
	} else {
		for _, l := range highlight(t, prettyJSONLines(r.Value), "json") {
			out = append(out, "  "+l)
		}
	}
	if r.Binary {
		out = append(out, t.Muted.Render("(not text: shown as hex)"))
	}
	return out
}

func orNull(s string, null bool) string {
	if null || s == "" {
		return "null"
	}
	return s
}

func (m *recordBrowser) View() string {
	t := m.e.th
	if len(m.topics) == 0 {
		return box(t, "records", []string{t.Muted.Render("no topics yet")}, 0, m.w, m.h, true)
	}
	tp := m.topics[m.ti]
	var parts []string
	for i, p := range tp.Partitions {
		s := fmt.Sprintf(" p%d [%s,%s) ", p.ID, comma(p.Start), comma(p.End))
		if i == m.pi {
			s = t.Selected.Render(s)
		}
		parts = append(parts, s)
	}
	head := t.Title.Render(tp.Name) + " " + strings.Join(parts, "")
	title := "records · " + tp.Name
	if m.detail && m.page != nil && m.sel < len(m.page.Records) {
		title = fmt.Sprintf("record %s/%d offset %d · esc back", tp.Name, m.page.Partition, m.page.Records[m.sel].Offset)
		return box(t, title, append([]string{head, ""}, m.view.Lines(t)...), 0, m.w, m.h, true)
	}
	var lines []string
	switch {
	case m.err != "":
		lines = wrapStyled(t.Fail, m.err, m.w-2)
	case m.page == nil:
		lines = []string{t.Muted.Render("reading…")}
	case len(m.page.Records) == 0:
		lines = []string{t.Muted.Render(fmt.Sprintf("no records from offset %d: the partition holds [%d,%d)", m.from, m.page.Start, m.page.End))}
	default:
		kw := 6
		for _, r := range m.page.Records {
			kw = max(kw, min(20, len(r.Key)))
		}
		lines = append(lines, t.TableHeader.Render(fmt.Sprintf("%8s  %-19s  %-*s  %s", "offset", "timestamp (UTC)", kw, "key", "value")))
		for i, r := range m.page.Records {
			val := strings.ReplaceAll(r.Value, "\n", " ")
			if r.Null {
				val = "null"
			}
			if len(r.Headers) > 0 {
				val = fmt.Sprintf("[%d headers] ", len(r.Headers)) + val
			}
			key := r.Key
			if len(key) > kw {
				key = key[:kw-1] + "…"
			}
			line := fmt.Sprintf("%8d  %-19s  %-*s  %s", r.Offset, r.Timestamp.UTC().Format("2006-01-02 15:04:05"), kw, key, val)
			if i == m.sel {
				line = t.Selected.Render(line)
			}
			lines = append(lines, line)
		}
		title += fmt.Sprintf(" · offsets %d-%d of [%d,%d)", m.page.Records[0].Offset, m.page.Records[len(m.page.Records)-1].Offset, m.page.Start, m.page.End)
	}
	// Keep the selected record in view.
	if m.sel+1 >= m.view.h {
		lines = lines[min(len(lines), m.sel+2-m.view.h):]
	}
	return box(t, title, append([]string{head, ""}, lines...), 0, m.w, m.h, true)
}
