// ContractsCheck: see Package.swift
