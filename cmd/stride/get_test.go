package main

import (
	"strings"
	"testing"
)

const bid = `{"id":"r1","seatbid":[{"bid":[{"id":"b1","price":1.5,"adm":"<VAST a=\"1\"/>"},{"id":"b2","price":2}]}],
 "a/b": {"m~n": [true, null]}, "cur": "USD"}`

func TestGet(t *testing.T) {
	dir := files(t, "bid.json", bid, "bad.json", `{"x": [1, 2,, 3], "id": "late"}`, "two.json", `{"id":"first"} {"id":"second"}`)
	runBin(t, dir, "", "get", "/seatbid/0/bid/0/price", "bid.json").check(t, 0, "1.5\n", "")
	runBin(t, dir, bid, "get", "/seatbid/0/bid/1").check(t, 0, "{\"id\":\"b2\",\"price\":2}\n", "")
	runBin(t, dir, "", "get", "/a~1b/m~0n", "bid.json").check(t, 0, "[true,null]\n", "")
	runBin(t, dir, "", "get", "", "two.json").check(t, 0, "{\"id\":\"first\"}\n", "")
	runBin(t, dir, "", "get", "/seatbid/0/bid/0/adm", "bid.json").check(t, 0, "\"<VAST a=\\\"1\\\"/>\"\n", "")
	runBin(t, dir, "", "get", "--raw", "/seatbid/0/bid/0/adm", "bid.json").check(t, 0, "<VAST a=\"1\"/>\n", "")
	runBin(t, dir, "", "get", "--escape-html", "/seatbid/0/bid/0/adm", "bid.json").check(t, 0, "\"\\u003cVAST a=\\\"1\\\"/\\u003e\"\n", "")
	// Several pointers: one pass, printed in the order given.
	runBin(t, dir, "", "get", "--raw", "-p", "/cur", "-p", "/id", "-p", "/seatbid/0/bid/1/price", "-p", "/id", "bid.json", "two.json").
		check(t, 5, "USD\nr1\n2\nr1\nfirst\nfirst\n", "two.json: no value at \"/cur\"\ntwo.json: no value at \"/seatbid/0/bid/1/price\"\n")
	runBin(t, dir, "", "get", "/nope", "bid.json").check(t, 5, "", "bid.json: no value at \"/nope\"\n")
	runBin(t, dir, "", "get", "/seatbid/0/bid/0/price/x", "bid.json").check(t, 5, "", "bid.json: no value at \"/seatbid/0/bid/0/price/x\"\n")
	// Bad input before the value is an error; after it, it is not read.
	runBin(t, dir, "", "get", "/id", "bad.json").check(t, 1, "", "bad.json:1:13: invalid character ',' where a value should begin (within /x)\n"+
		"    {\"x\": [1, 2,, 3], \"id\": \"late\"}\n                ^\n")
	runBin(t, dir, `{"id": 7, "x": [1,, 2]}`, "get", "/id").check(t, 0, "7\n", "")
	runBin(t, dir, "", "get", "/id").check(t, 1, "", "<stdin>:1:1: unexpected end of input\n    \n    ^\n")
	// --unchecked: the array passed on the way is not checked; the values found are.
	runBin(t, dir, "", "get", "--unchecked", "/id", "bad.json").check(t, 0, "\"late\"\n", "")
	runBin(t, dir, "", "get", "--unchecked", "--raw", "/seatbid/0/bid/1/id", "bid.json").check(t, 0, "b2\n", "")
	runBin(t, dir, `{"x": [1,, {"a":"]"}], "id": tru}`, "get", "--unchecked", "/id").check(t, 1, "",
		"<stdin>:1:33: invalid character '}' in literal true (within /id)\n    {\"x\": [1,, {\"a\":\"]\"}], \"id\": tru}\n"+strings.Repeat(" ", 36)+"^\n")
	// Usage errors.
	for _, args := range [][]string{{"get"}, {"get", "id"}, {"get", "-p", "/a", "-p", "x~"}} {
		if r := runBin(t, dir, "{}", args...); r.code != 2 || r.stdout != "" || r.stderr == "" {
			t.Errorf("%q: %+v", args, r)
		}
	}
}

func TestGetNDJSON(t *testing.T) {
	in := "{\"a\":1,\"b\":\"x\"}\n{\"a\":2}\n{\"a\": tru}\n\n{\"b\":\"y\",\"a\":[1, 2]}\r\n"
	r := runBin(t, t.TempDir(), in, "get", "--ndjson", "-p", "/a", "-p", "/b")
	r.check(t, 5, "1\t\"x\"\n2\t\n\n\n[1,2]\t\"y\"\n", "<stdin>:2: no value at \"/b\"\n"+
		"<stdin>:3:10: invalid character '}' in literal true (within /a)\n    {\"a\": tru}\n             ^\n")
	runBin(t, t.TempDir(), strings.Repeat("{\"id\":\"n\"}\n", 3), "get", "--ndjson", "--raw", "/id").check(t, 0, "n\nn\nn\n", "")
}

func TestRedactSet(t *testing.T) {
	in := "{\n  \"user\": \"u\",\n  \"password\": \"p\",\n  \"nested\": {\"token\": \"t\", \"keep\": [1, 2]}\n}\n{\"password\": \"q\", \"x\": 1}\n"
	runBin(t, t.TempDir(), in, "redact", "-p", "/password", "-p", "/nested/token").check(t, 0,
		"{\n  \"user\": \"u\",\n  \"nested\": {\"keep\": [1, 2]}\n}\n{\"x\": 1}\n", "")
	runBin(t, t.TempDir(), in, "redact", "/nope").check(t, 0, in, "")
	runBin(t, t.TempDir(), in, "set", "/nested/keep/-", `{"new": true}`).check(t, 5,
		"{\n  \"user\": \"u\",\n  \"password\": \"p\",\n  \"nested\": {\"token\": \"t\", \"keep\": [1, 2,{\"new\": true}]}\n}\n{\"password\": \"q\", \"x\": 1}\n",
		"<stdin>: no value at \"/nested/keep/-\"\n")
	runBin(t, t.TempDir(), `{"a": 1}`, "set", "/a", `"x"`).check(t, 0, `{"a": "x"}`, "")
	runBin(t, t.TempDir(), in, "redact", "--compact", "/password").check(t, 0, "{\"user\":\"u\",\"nested\":{\"token\":\"t\",\"keep\":[1,2]}}\n{\"x\":1}\n", "")
	runBin(t, t.TempDir(), `{"a": [1]}`, "set", "--indent", "1", "/b", `{"c":true}`).check(t, 0, "{\n \"a\": [\n  1\n ],\n \"b\": {\n  \"c\": true\n }\n}\n", "")
	runBin(t, t.TempDir(), `{"a": 1, "b": tru}`, "set", "/a", `2`).check(t, 1, `{"a": 2, "b": `,
		"<stdin>:1:18: invalid character '}' in literal true (within /b)\n    {\"a\": 1, \"b\": tru}\n                     ^\n")
	for _, args := range [][]string{{"redact"}, {"set", "/a"}, {"set", "/a", "{"}, {"redact", "-p", "/a", "-p", "/a/b"}, {"set", "a", "1"}, {"redact", "--indent", "x", "/a"}} {
		if r := runBin(t, t.TempDir(), "{}", args...); r.code != 2 || r.stdout != "" || r.stderr == "" {
			t.Errorf("%q: %+v", args, r)
		}
	}
}
