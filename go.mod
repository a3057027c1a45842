module github.com/stridejson/stride

go 1.26.0
