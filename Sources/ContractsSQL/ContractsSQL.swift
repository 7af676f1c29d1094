// ContractsSQL: see Package.swift
