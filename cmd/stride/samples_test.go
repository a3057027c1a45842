package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the embedded sample documents from their generator")

// TestSamples checks that the embedded samples are what the generator below writes, and with
// -update rewrites them. The generator is seeded, so its output never changes by itself.
func TestSamples(t *testing.T) {
	gen := map[string]any{"openrtb": genOpenRTB(), "api": genAPI(), "geometry": genGeometry()}
	for _, s := range samples() {
		v, ok := gen[s.name]
		if !ok {
			t.Fatalf("no generator for sample %s", s.name)
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, '\n')
		if *update {
			if err := os.WriteFile(filepath.Join("samples", s.name+".json"), want, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s: %d bytes", s.name, len(want))
			continue
		}
		if !bytes.Equal(s.data, want) {
			t.Errorf("samples/%s.json is not the generator's output; run go test -run TestSamples -update", s.name)
		}
		// Each sample decodes into its Go type without losing anything.
		p := s.typed()
		if err := json.Unmarshal(s.data, p); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(p)
		if !bytes.Equal(append(again, '\n'), s.data) {
			t.Errorf("%s: the Go type does not round-trip the document", s.name)
		}
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// round6 rounds f to 6 decimals, as coordinates and prices are usually written.
func round6(f float64) float64 { return math.Round(f*1e6) / 1e6 }

func hexID(r *rand.Rand, n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[r.IntN(16)]
	}
	return string(b)
}

// genOpenRTB builds a bid response of a few video bids whose VAST markup is tens of kilobytes.
func genOpenRTB() *BidResponse {
	r := newRand(1)
	resp := &BidResponse{ID: hexID(r, 32), BidID: hexID(r, 16), Cur: "USD",
		Ext: &RespExt{ProcessingMS: 37, Debug: map[string]string{"region": "eu-west", "build": "2026.11.3", "pool": "b7"}}}
	for s := 0; s < 2; s++ {
		seat := SeatBid{Seat: fmt.Sprintf("seat-%d", 100+s)}
		for b := 0; b < 2; b++ {
			id := hexID(r, 12)
			seat.Bid = append(seat.Bid, Bid{
				ID: id, ImpID: fmt.Sprint(b + 1), Price: round6(0.5 + 9*r.Float64()), AdID: hexID(r, 10),
				NURL:    "https://win.example-dsp.com/notify?bid=" + id + "&price=${AUCTION_PRICE}&cur=USD",
				BURL:    "https://bill.example-dsp.com/b?bid=" + id + "&p=${AUCTION_PRICE}",
				Adm:     genVAST(r, id),
				ADomain: []string{"brand-example.com"}, IURL: "https://cdn.example-dsp.com/i/" + id + ".jpg",
				CID: hexID(r, 8), CrID: hexID(r, 8), Cat: []string{"IAB1", "IAB1-6"}, Attr: []int{1, 3, 16},
				API: 7, Dur: 30, W: 1280, H: 720, Exp: 300,
			})
		}
		resp.SeatBid = append(resp.SeatBid, seat)
	}
	return resp
}

// genVAST writes VAST 4 inline video markup: nested XML, attributes in quotes, tracking URLs with
// query strings, CDATA sections and indentation, as ad servers send it.
func genVAST(r *rand.Rand, id string) string {
	var b strings.Builder
	track := func(indent, tag, attrs, url string) {
		fmt.Fprintf(&b, "%s<%s%s><![CDATA[%s]]></%s>\n", indent, tag, attrs, url, tag)
	}
	q := func() string {
		return fmt.Sprintf("?bid=%s&cb=%d&ts=%d&ua=%s&gdpr=1&gdpr_consent=%s", id, r.Uint32(), 1796000000+r.IntN(1e6), "Mozilla%2F5.0", hexID(r, 40))
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(&b, "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">\n  <Ad id=\"%s\" sequence=\"1\">\n    <InLine>\n", id)
	b.WriteString("      <AdSystem version=\"3.1\">Example DSP</AdSystem>\n      <AdTitle>Autumn collection &amp; more</AdTitle>\n")
	for i := 0; i < 12; i++ {
		track("      ", "Impression", fmt.Sprintf(` id="imp-%d"`, i), fmt.Sprintf("https://t%d.example-tracker.net/imp", i)+q())
	}
	track("      ", "Error", "", "https://err.example-dsp.com/e?code=[ERRORCODE]"+q())
	b.WriteString("      <Creatives>\n")
	for c := 0; c < 3; c++ {
		fmt.Fprintf(&b, "        <Creative id=\"%s\" sequence=\"%d\">\n          <Linear>\n            <Duration>00:00:30</Duration>\n            <TrackingEvents>\n", hexID(r, 8), c+1)
		for _, ev := range []string{"start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute", "unmute", "pause", "resume", "fullscreen"} {
			for k := 0; k < 3; k++ {
				track("              ", "Tracking", fmt.Sprintf(` event="%s"`, ev), fmt.Sprintf("https://ev%d.example-tracker.net/%s", k, ev)+q())
			}
		}
		b.WriteString("            </TrackingEvents>\n            <VideoClicks>\n")
		track("              ", "ClickThrough", ` id="click"`, "https://brand-example.com/landing?utm_source=dsp&utm_medium=video&utm_campaign=autumn")
		b.WriteString("            </VideoClicks>\n            <MediaFiles>\n")
		for _, m := range [][3]int{{640, 360, 800}, {1280, 720, 2500}, {1920, 1080, 5000}} {
			track("              ", "MediaFile", fmt.Sprintf(` delivery="progressive" type="video/mp4" width="%d" height="%d" bitrate="%d" scalable="true"`, m[0], m[1], m[2]),
				fmt.Sprintf("https://cdn.example-dsp.com/v/%s_%dp.mp4", id, m[1]))
		}
		b.WriteString("            </MediaFiles>\n          </Linear>\n        </Creative>\n")
	}
	b.WriteString("      </Creatives>\n    </InLine>\n  </Ad>\n</VAST>\n")
	return b.String()
}

// Words in several scripts for the API sample's non-ASCII text.
var words = strings.Fields(`the quick data café naïve résumé Zürich São Paulo Kraków Ελλάδα λόγος привет мир данные
東京 大阪 データ 検索 서울 데이터 北京 数据 مرحبا بيانات שלום नमस्ते डेटा ☕ 🚀 🎉 über straße façade jalapeño
coöperate fjord smörgåsbord løve Ærø mañana año niño weekend launch release notes`)

var cities = []string{"Zürich", "São Paulo", "Kraków", "東京", "서울", "Αθήνα", "Москва", "القاهرة", "Reykjavík", "Montréal"}

func sentence(r *rand.Rand, n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = words[r.IntN(len(words))]
	}
	return strings.Join(s, " ")
}

// genAPI builds a page of users, each with posts: short strings, much non-ASCII, many numbers.
func genAPI() *APIPage {
	r := newRand(2)
	next := "https://api.example.com/v2/users?page=3&per_page=100"
	page := &APIPage{Meta: Meta{Page: 2, PerPage: 100, Total: 48213, Next: &next, Took: 12.75, Language: "mul"}}
	for i := 0; i < 100; i++ {
		u := User{ID: 1e9 + int64(r.IntN(1e9)), Handle: fmt.Sprintf("user_%d", r.IntN(1e6)), Name: sentence(r, 2),
			Bio: sentence(r, 12), Locale: []string{"en-US", "de-CH", "ja-JP", "pt-BR", "ru-RU", "ar-EG"}[r.IntN(6)],
			Followers: r.IntN(2e6), Score: round6(r.Float64() * 100), Verified: r.IntN(4) == 0,
			CreatedAt: fmt.Sprintf("20%02d-%02d-%02dT%02d:%02d:%02dZ", 10+r.IntN(16), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60)),
			Tags:      strings.Fields(sentence(r, 3))}
		if r.IntN(3) > 0 {
			u.Home = &Place{City: cities[r.IntN(len(cities))], Lat: round6(r.Float64()*180 - 90), Lon: round6(r.Float64()*360 - 180)}
		}
		for p := 0; p < 4; p++ {
			u.Posts = append(u.Posts, Post{ID: r.Int64N(1 << 53), Text: sentence(r, 6+r.IntN(12)), Lang: u.Locale[:2],
				Likes: r.IntN(5000), Shares: r.IntN(300), Rank: r.Float64()})
		}
		page.Data = append(page.Data, u)
	}
	return page
}

// genGeometry builds polygons of random-walk coordinates: almost all numbers.
func genGeometry() *FeatureCollection {
	r := newRand(3)
	fc := &FeatureCollection{Type: "FeatureCollection", BBox: []float64{-10.5, 35.25, 30.75, 60.125}}
	for f := 0; f < 40; f++ {
		lon, lat := -10+r.Float64()*40, 35+r.Float64()*25
		var ring [][2]float64
		for p := 0; p < 120; p++ {
			ring = append(ring, [2]float64{round6(lon), round6(lat)})
			lon += (r.Float64() - 0.5) * 0.01
			lat += (r.Float64() - 0.5) * 0.01
		}
		ring = append(ring, ring[0])
		area := round6(r.Float64() * 1000)
		pop := r.IntN(2e6)
		fc.Features = append(fc.Features, Feature{Type: "Feature", ID: f + 1,
			Properties: Props{Name: fmt.Sprintf("district %d", f+1), Area: area, Population: pop, Density: round6(float64(pop) / max(area, 1))},
			Geometry:   Geometry{Type: "Polygon", Coordinates: [][][2]float64{ring}}})
	}
	return fc
}
