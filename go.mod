module github.com/stridejson/stride

go 1.24
