package nameset

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSetAgainstMap adds random names, from a small alphabet so that many repeat, to a Set and to
// a map, across the change from compared names to a table and its growth, with Reset between
// objects: Add
// reports a name as seen exactly when the map holds it.
func TestSetAgainstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s Set
	for obj := range 300 {
		s.Reset()
		ref := map[string]bool{}
		n := r.IntN(60)
		if obj%10 == 0 {
			n = r.IntN(3000) // through several growths of the table
		}
		for k := range n {
			name := fmt.Sprint(r.IntN(n + 1))
			if r.IntN(4) == 0 {
				name = ""
			}
			got := false
			if k%3 == 0 {
				got = s.AddString(name)
			} else {
				got = s.Add([]byte(name))
			}
			if want := ref[name]; got != want {
				t.Fatalf("object %d, member %d: Add(%q) = %v, want %v", obj, k, name, got, want)
			}
			ref[name] = true
		}
	}
}

// TestSetAllocs: once its buffers have grown, a Set allocates nothing for the names of an object,
// through the table, []byte or string, names longer than a conversion's stack buffer.
func TestSetAllocs(t *testing.T) {
	var names [][]byte
	var strs []string
	for i := range 200 {
		n := fmt.Sprintf("a member name longer than 32 bytes, %d", i)
		names, strs = append(names, []byte(n)), append(strs, n)
	}
	var s Set
	objects := func() {
		s.Reset()
		for _, n := range names {
			s.Add(n)
		}
		s.Reset()
		for _, n := range strs {
			s.AddString(n)
		}
	}
	objects()
	if n := testing.AllocsPerRun(100, objects); n != 0 {
		t.Errorf("Add and AddString allocate %v times", n)
	}
}

// BenchmarkSetAdd adds the member names of objects of 8, 25 and 40 members (a twitter.json
// entity, status and user), each object a fresh Set.
func BenchmarkSetAdd(b *testing.B) {
	words := []string{"id", "id_str", "name", "screen_name", "location", "description", "url", "entities",
		"protected", "followers_count", "friends_count", "listed_count", "created_at", "favourites_count",
		"utc_offset", "time_zone", "geo_enabled", "verified", "statuses_count", "lang", "contributors_enabled",
		"is_translator", "profile_background_color", "profile_background_image_url", "profile_image_url",
		"profile_link_color", "profile_sidebar_fill_color", "profile_text_color", "default_profile",
		"following", "follow_request_sent", "notifications", "text", "source", "truncated", "metadata",
		"in_reply_to_status_id", "in_reply_to_user_id", "retweet_count", "favorite_count"}
	for _, n := range []int{8, 25, 40} {
		names := make([][]byte, n)
		for i := range names {
			names[i] = []byte(words[i])
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var s Set
			for b.Loop() {
				s.Reset()
				for _, name := range names {
					s.Add(name)
				}
			}
		})
	}
}

// FuzzSetAdd splits the input into names at each ',' (an object of them, with a Reset at each
// ';') and holds Add to a map, through the tags' words and their tail, tags shared by different
// names, and the change to the table.
func FuzzSetAdd(f *testing.F) {
	f.Add([]byte("a,b,a,ab,ba,aa,b;x,,x"))
	f.Add([]byte("id,id_str,name,screen_name,url,urls,user,users,id,text,lang,source,truncated,geo,place,coordinates,entities,metadata,retweeted,favorited,lang"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var s Set
		ref := map[string]bool{}
		for _, obj := range bytes.Split(in, []byte(";")) {
			s.Reset()
			clear(ref)
			for _, name := range bytes.Split(obj, []byte(",")) {
				got := false
				if len(name)%2 == 0 {
					got = s.AddString(string(name))
				} else {
					got = s.Add(name)
				}
				if want := ref[string(name)]; got != want {
					t.Fatalf("Add(%q) = %v, want %v", name, got, want)
				}
				if k := s.Len() - 1; !got && string(s.Name(k)) != string(name) {
					t.Fatalf("Name(%d) = %q, want %q, the name added last", k, s.Name(k), name)
				}
				ref[string(name)] = true
			}
		}
	})
}
