package docs

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/prebid/openrtb/v20/openrtb2"

	"github.com/stridejson/stride/bench/internal/corpus"
)

func TestDocName(t *testing.T) {
	for in, want := range map[string]string{
		"citm_catalog.json.gz": "citm_catalog", "twitter.json": "twitter",
		"mesh.pretty.json.zst": "mesh.pretty", "gsoc-2018.json.zst": "gsoc-2018",
	} {
		if got := docName(in); got != want {
			t.Errorf("docName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReadFileDecompresses(t *testing.T) {
	dir := t.TempDir()
	want := []byte(`{"a":[1,2,3]}`)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(want)
	zw.Close()
	enc, _ := zstd.NewWriter(nil)
	zst := enc.EncodeAll(want, nil)
	files := map[string][]byte{"a.json": want, "a.json.gz": gz.Bytes(), "a.json.zst": zst}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %q, %v", name, got, err)
		}
	}
}

func TestOpenRTB(t *testing.T) {
	d, err := OpenRTB()
	if err != nil {
		t.Skipf("OpenRTB examples unavailable: %v", err)
	}
	var r openrtb2.BidResponse
	if err := json.Unmarshal(d.Data, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.SeatBid) != len(openrtbExamples) {
		t.Errorf("%d seat bids, want %d", len(r.SeatBid), len(openrtbExamples))
	}
	if adm := r.SeatBid[0].Bid[0].AdM; adm != corpus.VAST(OpenRTBVASTLen) {
		t.Errorf("adm is %d bytes, not the generated VAST", len(adm))
	}
	if !bytes.Contains(d.Data, []byte(`<VAST version=\"4.2\"`)) {
		t.Error("the document does not hold raw, quote-escaped VAST")
	}
	if _, ok := d.New().(*openrtb2.BidResponse); !ok {
		t.Error("New does not make a *openrtb2.BidResponse")
	}
}

func TestLoadTyped(t *testing.T) {
	ds, skips := Load(func(n string) bool { return n == "canada_geometry" || n == "no-such-document" })
	if len(ds) == 0 {
		t.Skipf("documents unavailable: %v", skips)
	}
	if len(ds) != 1 || ds[0].Name != "canada_geometry" || ds[0].TypeName != "Canada" {
		t.Fatalf("got %+v", ds)
	}
	v := ds[0].New().(*Canada)
	if err := json.Unmarshal(ds[0].Data, v); err != nil {
		t.Fatal(err)
	}
	if v.Type != "FeatureCollection" || len(v.Features) == 0 || len(v.Features[0].Geometry.Coordinates) == 0 {
		t.Errorf("decoded %q with %d features", v.Type, len(v.Features))
	}
	for _, sk := range skips {
		if sk.Reason == "" {
			t.Errorf("skip without a reason: %+v", sk)
		}
	}
}

func TestModuleDirFailsCleanly(t *testing.T) {
	if _, err := ModuleDir("example.invalid/no/such/module", "v0.0.1"); err == nil {
		t.Error("no error for a module that cannot exist")
	}
}
