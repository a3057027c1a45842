package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/prebid/openrtb/v20/openrtb2"

	"github.com/stridejson/stride/bench/internal/corpus"
)

// OpenRTBName is the name of the OpenRTB document.
const OpenRTBName = "openrtb_vast"

// OpenRTBVASTLen is the length of the VAST markup in the OpenRTB document's "adm".
const OpenRTBVASTLen = 40000

// openrtbExamples are the OpenRTB 2.6 example bid responses shipped as test data with
// github.com/prebid/openrtb; the first is the one whose adm gets the generated VAST.
var openrtbExamples = []string{
	"vast-xml-document-returned-inline.json",
	"ad-served-on-win-notice.json",
	"direct-deal-ad-served-on-win-notice.json",
	"native-markup-returned-inline.json",
}

// OpenRTB builds a bid response: the OpenRTB 2.6 "VAST XML document returned inline" example with
// the seat bids of the other 2.6 examples appended, and the VAST bid's adm replaced by
// OpenRTBVASTLen bytes of generated VAST. It is written by encoding/json without HTML escaping, as
// an exchange would send it, so the markup's quotes and newlines are escaped and its '<' are not.
// It unmarshals into openrtb2.BidResponse.
func OpenRTB() (Doc, error) {
	const module = "github.com/prebid/openrtb/v20"
	dir, err := ModuleDir(module, OpenRTBVersion)
	if err != nil {
		return Doc{}, err
	}
	var resp openrtb2.BidResponse
	for i, name := range openrtbExamples {
		data, err := os.ReadFile(filepath.Join(dir, "openrtb2", "testdata", "bid-response", "2.6", name))
		if err != nil {
			return Doc{}, fmt.Errorf("%s@%s example %s: %v", module, OpenRTBVersion, name, noPath(err))
		}
		var r openrtb2.BidResponse
		if err := json.Unmarshal(data, &r); err != nil {
			return Doc{}, fmt.Errorf("%s: %v", name, err)
		}
		if i == 0 {
			resp = r
			if len(resp.SeatBid) == 0 || len(resp.SeatBid[0].Bid) == 0 {
				return Doc{}, fmt.Errorf("%s has no bid", name)
			}
			resp.SeatBid[0].Bid[0].AdM = corpus.VAST(OpenRTBVASTLen)
			continue
		}
		resp.SeatBid = append(resp.SeatBid, r.SeatBid...)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&resp); err != nil {
		return Doc{}, err
	}
	return Doc{
		Name:     OpenRTBName,
		Source:   module + "@" + OpenRTBVersion + "/openrtb2/testdata/bid-response/2.6 with generated VAST",
		Data:     bytes.TrimSuffix(buf.Bytes(), []byte("\n")),
		New:      func() any { return new(openrtb2.BidResponse) },
		TypeName: "openrtb2.BidResponse",
	}, nil
}
