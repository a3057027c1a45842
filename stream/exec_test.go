package stream

import "os/exec"

func execGo(args ...string) (string, error) {
	out, err := exec.Command("go", args...).Output()
	return string(out), err
}
